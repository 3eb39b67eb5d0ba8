import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatHours, formatPercent, hoursToMinutes } from '../../../../shared/logs/time';
import type { AccruedTotals } from '../../../../shared/progress/accrued.schema';
import { LastUpdated } from '../../../components/last-updated';
import { OfflineState } from '../../../components/offline';
import { ErrorState } from '../../../components/page-state';
import { useAccrued } from '../api/get-accrued';
import { isWaitingForConnection } from '../../../lib/connection';
import { useDashboard } from '../api/dashboard';

/** The sidebar rows of SPEC §2, in order. */
const ROWS: { label: string; value: (totals: AccruedTotals) => string }[] = [
  { label: 'Independent Hours', value: (t) => formatHours(hoursToMinutes(t.independent_hours)) },
  { label: 'Unrestricted Hours', value: (t) => formatHours(hoursToMinutes(t.unrestricted_hours)) },
  { label: '% Unrestricted', value: (t) => formatPercent(t.percent_unrestricted) },
  { label: '# Supervision Contacts', value: (t) => String(t.supervision_contacts) },
  { label: '% Supervision', value: (t) => formatPercent(t.percent_supervision) },
];

/** The student sidebar's Total Accrued and Month to Date tables. */
export function AccruedTables() {
  const accrued = useAccrued();
  if (accrued.isError) {
    return <ErrorState error={accrued.error} onRetry={() => void accrued.refetch()} />;
  }
  // Offline, with nothing loaded before: no skeleton waiting for ever.
  if (isWaitingForConnection(accrued)) return <OfflineState compact />;
  return (
    <Stack gap="md">
      {/* Above the tables: below them it would be out of sight in a short sidebar. */}
      <LastUpdated at={accrued.dataUpdatedAt} px="xs" mb={-8} />
      <CountedNote />
      <AccruedTable id="accrued-total" title="Total Accrued" totals={accrued.data?.total} />
      <AccruedTable id="accrued-month" title="Month to Date" totals={accrued.data?.weekly} />
    </Stack>
  );
}

/**
 * The hours that count, and those at risk apart from them (a month past its deadline with no
 * signed monthly form: decision 024), with the reason in a few words.
 */
function CountedNote() {
  const dashboard = useDashboard();
  const data = dashboard.data;
  if (!data) return null;
  return (
    <section aria-label="Hours that count" data-testid="sidebar-counted">
      <Text size="sm" px="xs">
        Hours that count: <strong>{formatHours(hoursToMinutes(data.counted_hours))}</strong>
      </Text>
      {data.at_risk_hours > 0 ? (
        <Text size="sm" px="xs" c="red.8" fw={600}>
          At risk: {formatHours(hoursToMinutes(data.at_risk_hours))} h (not counted until a signed
          form or contract is recorded)
        </Text>
      ) : null}
    </section>
  );
}

/**
 * One table of totals: the sidebar's two, a supervisor's view of a trainee, and an agenda's
 * Fieldwork Hours Check (where it sits under the section's own heading: `headingLevel` 3).
 */
export function AccruedTable({
  id,
  title,
  totals,
  headingLevel = 2,
}: {
  id: string;
  title: string;
  totals: AccruedTotals | undefined;
  headingLevel?: 2 | 3;
}) {
  return (
    <section aria-labelledby={id} aria-busy={totals === undefined}>
      <Text component={headingLevel === 2 ? 'h2' : 'h3'} id={id} size="sm" fw={700} mb={4} px="xs">
        {title}
      </Text>
      <Table aria-labelledby={id} fz="sm" verticalSpacing={2} horizontalSpacing="xs">
        <Table.Tbody>
          {ROWS.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {totals ? (
                  row.value(totals)
                ) : (
                  <Skeleton height={14} width={40} ml="auto" aria-hidden />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
