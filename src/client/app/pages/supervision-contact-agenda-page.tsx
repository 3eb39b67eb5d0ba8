import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { pickWeeklyDocument } from '../../../shared/agenda/agenda-week';
import type { MonthlyDocumentRecord } from '../../../shared/agenda/agenda.schema';
import { monthEnd, monthOf, monthStart } from '../../../shared/logs/time';
import { IsoDateSchema } from '../../../shared/wire/primitives';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state';
import { ApiError } from '../../lib/api-client';
import { localToday } from '../../lib/local-date';
import { notifyError } from '../../lib/notify';
import { useDownloadAgendaPdf } from '../../features/agenda/api/download-agenda-pdf';
import { useAgenda } from '../../features/agenda/api/get-agenda';
import { useAgendas } from '../../features/agenda/api/get-agendas';
import { AgendaView } from '../../features/agenda/components/agenda-view';
import { AccruedTable } from '../../features/progress/components/accrued-tables';
import { GridViewControls } from '../../features/progress/components/grid-view-controls';
import { useTaskGridScope } from './task-grid-scope';

/** SPEC §2: the view receives state date_of_experience and a range of month start to month end. */
const ArrivalStateSchema = z.object({
  date_of_experience: IsoDateSchema,
  range: z.object({ start: IsoDateSchema, end: IsoDateSchema }).optional(),
});

/**
 * /student/supervision-contact-agenda (SPEC §2), read-only: the agenda a supervisor wrote for a
 * contact. Monthly, the month's agendas; overall, all of them. The one shown is the agenda of
 * the ISO week the selected range starts in (the arrival date when it is in the month, else the
 * month's first day); another agenda of the range can be chosen.
 */
export function SupervisionContactAgendaPage() {
  const location = useLocation();
  const arrival = ArrivalStateSchema.safeParse(location.state);
  const arrivalDate = arrival.success ? arrival.data.date_of_experience : null;
  const arrivalMonth = arrival.success
    ? monthOf(arrival.data.range?.start ?? arrival.data.date_of_experience)
    : null;
  const scope = useTaskGridScope({ arrivalMonth, monthOpensMonthly: true, state: location.state });
  const { view, month, currentMonth, scopeMonth, scopeLabel, update } = scope;
  const range = scopeMonth ? { start: monthStart(scopeMonth), end: monthEnd(scopeMonth) } : {};
  const rangeStart = scopeMonth
    ? arrivalDate && monthOf(arrivalDate) === scopeMonth
      ? arrivalDate
      : monthStart(scopeMonth)
    : (arrivalDate ?? localToday());
  const agendas = useAgendas(null, range);

  return (
    <Stack gap="md" maw={1000}>
      <PageHeader title="SUPERVISION CONTACT AGENDA">
        What you and your supervisor covered in a supervision contact,{' '}
        {scopeMonth ? `in ${scopeLabel}` : 'over all months'}.
      </PageHeader>
      <GridViewControls
        view={view}
        month={month}
        latestMonth={currentMonth}
        onChange={(next) => update({ view: next.view, month: next.month })}
      />
      {agendas.isPending ? (
        <LoadingState rows={8} label="Loading the agendas" />
      ) : agendas.isError ? (
        <ErrorState error={agendas.error} onRetry={() => void agendas.refetch()} />
      ) : agendas.data.length === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState title="No agenda found">
            Your supervisor has not written an agenda {scopeMonth ? `in ${scopeLabel}` : 'yet'}.
            Each one they save for a supervision contact appears here.
          </EmptyState>
        </Paper>
      ) : (
        // A new range starts from its own pick.
        <AgendaCard key={scopeLabel} agendas={agendas.data} rangeStart={rangeStart} />
      )}
    </Stack>
  );
}

function AgendaCard({
  agendas,
  rangeStart,
}: {
  agendas: MonthlyDocumentRecord[];
  rangeStart: string;
}) {
  const picked = pickWeeklyDocument(agendas, rangeStart);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const shownId = agendas.some((row) => row.id === chosenId)
    ? chosenId
    : (picked?.document.id ?? null);
  const agenda = useAgenda(shownId);
  const download = useDownloadAgendaPdf();
  const [isOpen, setIsOpen] = useState(true);
  const bodyId = useId();

  const onDownload = () => {
    if (shownId === null) return;
    download.mutate(shownId, {
      onError: (error) =>
        notifyError(error instanceof ApiError ? error.message : 'The PDF could not be made.'),
    });
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          {agendas.length > 1 ? (
            <Select
              label="Agenda"
              data={[...agendas].reverse().map((row) => ({
                value: String(row.id),
                label: `${row.date} · ${row.supervisor_name || 'Supervisor'}`,
              }))}
              value={shownId === null ? null : String(shownId)}
              onChange={(value) => setChosenId(value ? Number(value) : null)}
              allowDeselect={false}
              w={{ base: '100%', xs: 280 }}
            />
          ) : (
            <Text fw={600}>Agenda of {agendas[0]?.date}</Text>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              aria-expanded={isOpen}
              aria-controls={bodyId}
              onClick={() => setIsOpen((open) => !open)}
            >
              {isOpen ? 'Close' : 'Open'}
              <VisuallyHidden> agenda</VisuallyHidden>
            </Button>
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={onDownload}
              loading={download.isPending}
              disabled={shownId === null}
            >
              Download PDF
            </Button>
          </Group>
        </Group>
        {/* Said only when there was a choice to make. */}
        {agendas.length > 1 && picked && !picked.isWeekMatch && chosenId === null ? (
          <Text size="sm" c="dimmed">
            No agenda in the week of {rangeStart}: this is the latest one.
          </Text>
        ) : null}
        <div id={bodyId}>
          {!isOpen ? null : agenda.isPending ? (
            <LoadingState rows={10} label="Loading the agenda" />
          ) : agenda.isError ? (
            <ErrorState error={agenda.error} onRetry={() => void agenda.refetch()} />
          ) : (
            <AgendaView
              agenda={agenda.data}
              accruedTables={
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <AccruedTable
                    id="agenda-accrued-month"
                    title={`Month to Date (${agenda.data.month_label})`}
                    totals={agenda.data.accruedData.weekly}
                    headingLevel={3}
                  />
                  <AccruedTable
                    id="agenda-accrued-total"
                    title="Total Accrued"
                    totals={agenda.data.accruedData.total}
                    headingLevel={3}
                  />
                </SimpleGrid>
              }
            />
          )}
        </div>
      </Stack>
    </Paper>
  );
}
