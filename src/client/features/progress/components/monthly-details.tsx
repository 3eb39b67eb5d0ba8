import {
  Anchor,
  Badge,
  Box,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RuleSetId } from '../../../../shared/logs/rule-sets';
import type { DashboardMonth } from '../../../../shared/progress/accrued.schema';
import type {
  StandardsSwitchWire,
  SwitchMonthWire,
} from '../../../../shared/progress/standards-switch.schema';
import { EXPERIENCE_TYPES } from '../../../../shared/reference/lookups';
import { structureLine } from '../../../../shared/progress/structure-month';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { localToday } from '../../../lib/local-date';
import { useStandardsSwitch } from '../../../lib/standards-switch';
import { useDashboardTable } from '../api/dashboard-table';
import { COUNT_TEXT_COLORS, hoursLabel, sentenceCase } from './hours-label';

/** Where a month's row leads: its monthly document (the query string; SPEC's state date too). */
export function monthDocumentLink(month: string) {
  return {
    to: `/student/monthly-document?month=${month}`,
    state: { date: `${month}-01` },
  };
}

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * What the other standards count of a month they judge differently (issue 35), in one line:
 * 'Under the 2027 standards: 0 of 30 h count (observation 30 of 60 minutes)'.
 */
function otherStandardsLine(
  row: DashboardMonth,
  switchMonth: SwitchMonthWire | undefined,
  inForce: RuleSetId,
): string | null {
  if (!switchMonth) return null;
  const other: RuleSetId = inForce === '2022' ? '2027' : '2022';
  const why = switchMonth.differences
    .map((difference) => `${difference.text} under the ${difference.rule_set} standards`)
    .join('; ');
  return `Under the ${other} standards: ${hoursLabel(switchMonth.counted_hours[other])} of ${hoursLabel(row.total_hours)} h count${why ? ` (${why})` : ''}`;
}

/** The month's removals in words; a month with both fieldwork types names the type. */
function reasonsOf(row: DashboardMonth, isInProgress: boolean): string[] {
  const hasBothTypes = new Set(row.types).size > 1;
  const atRisk = row.at_risk.map((item) => `At risk: ${item.reason}`);
  return row.removals
    .map((removal) => {
      const type = EXPERIENCE_TYPES.find((item) => item.id === removal.expereince_type)?.name;
      const prefix = [isInProgress ? 'So far' : null, hasBothTypes ? type : null]
        .filter(Boolean)
        .join(', ');
      const reason = sentenceCase(removal.reason);
      return prefix ? `${prefix}: ${removal.reason}` : reason;
    })
    .concat(atRisk);
}

/** A month under several structures: each one's own verdict first (each meets the month alone). */
function structureLinesOf(row: DashboardMonth): string[] {
  if (new Set(row.structures.map((item) => item.key)).size < 2) return [];
  const hasBothTypes = new Set(row.types).size > 1;
  return row.structures.map((structure) =>
    structureLine(
      structure,
      hasBothTypes
        ? EXPERIENCE_TYPES.find((item) => item.id === structure.expereince_type)?.name
        : undefined,
    ),
  );
}

/** What a month's rows say beside their figures: the standards in force and the other ones. */
type Comparison = { months: Map<string, SwitchMonthWire>; inForce: RuleSetId };

/** The reasons under a month: its removals, and what the other standards count of it. */
function notesOf(row: DashboardMonth, isInProgress: boolean, comparison: Comparison): string[] {
  const other = otherStandardsLine(row, comparison.months.get(row.month), comparison.inForce);
  return [...structureLinesOf(row), ...reasonsOf(row, isInProgress), ...(other ? [other] : [])];
}

function CountedHours({ row }: { row: DashboardMonth }) {
  const isAll = row.adjusted_hours >= row.total_hours;
  const color = isAll
    ? COUNT_TEXT_COLORS.all
    : row.adjusted_hours === 0
      ? COUNT_TEXT_COLORS.none
      : COUNT_TEXT_COLORS.some;
  return (
    <Group gap={6} wrap="nowrap" style={NUMBERS}>
      {isAll ? <IconCircleCheck size={18} color={COUNT_TEXT_COLORS.all} aria-hidden /> : null}
      <Text span fw={700} c={color}>
        {hoursLabel(row.adjusted_hours)}
      </Text>{' '}
      <Text span size="sm" c="dimmed">
        of {hoursLabel(row.total_hours)}
      </Text>
      {row.at_risk_hours > 0 ? (
        <Text span size="sm" fw={600} c="red.8">
          · {hoursLabel(row.at_risk_hours)} at risk
        </Text>
      ) : null}
    </Group>
  );
}

function Reasons({ reasons, id }: { reasons: string[]; id: string }) {
  return (
    <List
      size="sm"
      spacing={2}
      id={id}
      c={COUNT_TEXT_COLORS.some}
      aria-label="Why hours were removed"
    >
      {reasons.map((reason) => (
        <List.Item key={reason}>{reason}</List.Item>
      ))}
    </List>
  );
}

function InProgress() {
  return (
    <Badge variant="outline" color="gray.7" size="sm" ml={6}>
      In progress
    </Badge>
  );
}

type MonthsProps = { rows: DashboardMonth[]; currentMonth: string; comparison: Comparison };

function MonthsTable({ rows, currentMonth, comparison }: MonthsProps) {
  return (
    <Table verticalSpacing="xs" highlightOnHover aria-labelledby="monthly-details-title">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Month-Year</Table.Th>
          <Table.Th scope="col">Hours that count</Table.Th>
          <Table.Th scope="col" ta="right">
            Total
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Supervised
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Unrestricted
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Restricted
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.flatMap((row) => {
          const isInProgress = row.month === currentMonth;
          const reasons = notesOf(row, isInProgress, comparison);
          const link = monthDocumentLink(row.month);
          const cells = (
            <Table.Tr key={row.month} style={reasons.length ? { borderBottom: 0 } : undefined}>
              <Table.Th scope="row" fw={600}>
                <Anchor component={Link} to={link.to} state={link.state}>
                  {row.date}
                </Anchor>
                {isInProgress ? <InProgress /> : null}
              </Table.Th>
              <Table.Td>
                <CountedHours row={row} />
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                {hoursLabel(row.total_hours)}
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                {hoursLabel(row.supervised)}
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                {hoursLabel(row.unrestricted)}
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                {hoursLabel(row.restricted)}
              </Table.Td>
            </Table.Tr>
          );
          if (reasons.length === 0) return [cells];
          return [
            cells,
            <Table.Tr key={`${row.month}-why`}>
              <Table.Td colSpan={6} pt={0} pl="xl" bg="orange.0">
                <Reasons reasons={reasons} id={`why-${row.month}`} />
              </Table.Td>
            </Table.Tr>,
          ];
        })}
      </Table.Tbody>
    </Table>
  );
}

function MonthCards({ rows, currentMonth, comparison }: MonthsProps) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => {
        const isInProgress = row.month === currentMonth;
        const reasons = notesOf(row, isInProgress, comparison);
        const link = monthDocumentLink(row.month);
        const figures = [
          ['Total', row.total_hours],
          ['Supervised', row.supervised],
          ['Unrestricted', row.unrestricted],
          ['Restricted', row.restricted],
        ] as const;
        return (
          <Box
            component="li"
            key={row.month}
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Stack gap={6}>
              <Group gap={4}>
                <Anchor component={Link} to={link.to} state={link.state} fw={700}>
                  {row.date}
                </Anchor>
                {isInProgress ? <InProgress /> : null}
              </Group>
              <Group gap={6}>
                <Text size="sm">Hours that count:</Text>
                <CountedHours row={row} />
              </Group>
              {reasons.length ? <Reasons reasons={reasons} id={`why-${row.month}`} /> : null}
              <SimpleGrid cols={2} spacing={4} verticalSpacing={2} component="dl" m={0}>
                {figures.map(([label, hours]) => (
                  <Group key={label} gap={4} wrap="nowrap">
                    <Text component="dt" size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={NUMBERS}>
                      {hoursLabel(hours)}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The months the two standards count differently, by month (none when it could not load). */
function comparisonOf(inForce: RuleSetId, data: StandardsSwitchWire | undefined): Comparison {
  return { inForce, months: new Map((data?.months ?? []).map((month) => [month.month, month])) };
}

/**
 * Monthly Details (SPEC §2): each month's logged hours and, beside them, the hours the BACB would
 * count with the reason for every hour removed. Each month opens its monthly document. A table
 * on wide screens, a card per month on phones.
 */
export function MonthlyDetails() {
  const table = useDashboardTable();
  const standardsSwitch = useStandardsSwitch();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const currentMonth = localToday().slice(0, 7);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="monthly-details-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="monthly-details-title">
            Monthly Details
          </Title>
          <Text size="sm" c="dimmed">
            {table.data
              ? `Counted under the ${table.data.rule_set.label}. ${table.data.rule_set.reason} `
              : null}
            Open a month for its task grid and logs.
          </Text>
        </div>
        {table.isPending || standardsSwitch.isPending ? (
          <LoadingState rows={6} label="Loading monthly details" />
        ) : table.isError ? (
          <ErrorState error={table.error} onRetry={() => void table.refetch()} />
        ) : table.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No months logged yet.
          </Text>
        ) : isWide ? (
          <MonthsTable
            rows={table.data.results}
            currentMonth={currentMonth}
            comparison={comparisonOf(table.data.rule_set.id, standardsSwitch.data)}
          />
        ) : (
          <MonthCards
            rows={table.data.results}
            currentMonth={currentMonth}
            comparison={comparisonOf(table.data.rule_set.id, standardsSwitch.data)}
          />
        )}
      </Stack>
    </Paper>
  );
}
