import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { localToday } from '../../lib/local-date';
import { useTaskVersion } from '../../lib/task-version';
import { agendaLink } from '../../features/agenda/components/agenda-link';
import { useAllLogs } from '../../features/logs/api/get-logs';
import { FlaggedLogsTable } from '../../features/logs/components/flagged-logs-table';
import { PagedExperienceLogs } from '../../features/logs/components/paged-experience-logs';
import { useDocumentedTasks } from '../../features/progress/api/documented-tasks';
import { useTaskGridScope } from './task-grid-scope';
import { LogsSection, SelectedTaskText, TaskGridSection, taskGridTitle } from './task-grid-section';

/** SPEC §2: the page is reached by clicking a month, with the date in the router state. */
const ArrivalStateSchema = z.object({ date: z.string() });

/**
 * /student/monthly-document (SPEC §2): the task grid of the edition in use, overall or for one
 * month; pressing a task lists its logs; then the Flagged Logs and Experience Logs of the same
 * scope. A month given as ?month= or as the router state opens the monthly view.
 */
export function MonthlyDocumentPage() {
  const [version] = useTaskVersion();
  const location = useLocation();
  const arrival = ArrivalStateSchema.safeParse(location.state);
  const scope = useTaskGridScope({
    arrivalMonth: arrival.success ? arrival.data.date.slice(0, 7) : null,
    monthOpensMonthly: true,
    state: location.state,
  });
  const { scopeMonth, scopeLabel, taskId: selectedTaskId, update } = scope;
  const documented = useDocumentedTasks(scopeMonth);
  // The lists of the scope, from the server a page at a time (all time can be thousands of logs).
  const inScope = scopeMonth ? { month: scopeMonth } : {};
  const flaggedLogs = useAllLogs({ ...inScope, status: 'flagged' });
  const taskLogsHeading = useRef<HTMLHeadingElement>(null);
  const hasSelectionMoved = useRef(false);

  const arrivalDate = arrival.success ? arrival.data.date : null;
  // The agenda opens on the month in view, at the date the page was reached with when it is in it.
  const agendaDate = scopeMonth
    ? arrivalDate?.startsWith(scopeMonth)
      ? arrivalDate
      : `${scopeMonth}-01`
    : localToday();

  // After a press (not on arrival), the task's logs are the answer: take focus there.
  useEffect(() => {
    if (hasSelectionMoved.current && selectedTaskId) taskLogsHeading.current?.focus();
  }, [selectedTaskId]);

  const onSelect = (taskId: string) => {
    hasSelectionMoved.current = true;
    update({ task: taskId === selectedTaskId ? null : taskId });
  };

  const returnToCell = () => {
    const id = selectedTaskId;
    update({ task: null });
    if (id) document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(id)}"]`)?.focus();
  };

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageHeader title={taskGridTitle(version)}>
          {version === 'v6'
            ? 'BCBA 6th Edition Test Content Outline'
            : 'BCBA 5th Edition Task List'}
          : the tasks your logs document, {scopeMonth ? `in ${scopeLabel}` : 'over all months'}.
        </PageHeader>
        <Button
          component={Link}
          {...agendaLink(agendaDate)}
          variant="light"
          leftSection={<IconNotes size={18} aria-hidden />}
        >
          Supervision contact agenda
        </Button>
      </Group>

      <TaskGridSection
        version={version}
        scope={scope}
        tasks={documented}
        onSelect={onSelect}
        emptyNotice={
          <>
            No tasks documented {scopeMonth ? `in ${scopeLabel}` : 'yet'}. Tasks you add to a log
            appear here with their dates.{' '}
            <Anchor component={Link} to="/student/logHour" size="sm">
              Log experience hours
            </Anchor>
          </>
        }
      />

      <LogsSection titleId="task-logs-title">
        {selectedTaskId ? (
          <>
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="task-logs-title" ref={taskLogsHeading} tabIndex={-1}>
                Logs for {selectedTaskId}
                {scopeMonth ? ` in ${scopeLabel}` : ''}
              </Title>
              <Button variant="subtle" size="compact-sm" onClick={returnToCell}>
                Back to the grid
              </Button>
            </Group>
            <SelectedTaskText taskId={selectedTaskId} />
            <PagedExperienceLogs
              key={`${selectedTaskId}-${scopeLabel}`}
              filters={{ ...inScope, task: selectedTaskId }}
              labelledBy="task-logs-title"
              emptyText={`No logs document ${selectedTaskId} ${scopeMonth ? `in ${scopeLabel}` : 'yet'}.`}
            />
          </>
        ) : (
          <SectionTitle id="task-logs-title" title="Task logs">
            Select a task above to view specific logs
          </SectionTitle>
        )}
      </LogsSection>

      <LogsSection titleId="flagged-logs-title">
        <SectionTitle id="flagged-logs-title" title="Flagged Logs">
          Logs your supervisor flagged{scopeMonth ? ` in ${scopeLabel}` : ''}: correct them and send
          them back for review.
        </SectionTitle>
        <FlaggedLogsTable
          logs={flaggedLogs.data}
          error={flaggedLogs.error}
          onRetry={() => void flaggedLogs.refetch()}
          labelledBy="flagged-logs-title"
        />
      </LogsSection>

      <LogsSection titleId="experience-logs-title">
        <SectionTitle id="experience-logs-title" title="Experience Logs">
          {scopeMonth ? `Every log of ${scopeLabel}` : 'Every log, newest first'}. Open a date to
          edit the log.
        </SectionTitle>
        <PagedExperienceLogs
          key={scopeLabel}
          filters={inScope}
          labelledBy="experience-logs-title"
          emptyText={scopeMonth ? `No logs in ${scopeLabel}.` : 'No logs yet.'}
        />
      </LogsSection>
    </Stack>
  );
}

/** A section's title and the line under it. */
function SectionTitle({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </>
  );
}
