import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { formatMonthYear, isValidMonth } from '../../../shared/logs/time';
import { findTask, TASK_LIST_SOURCE } from '../../../shared/reference/task-lists';
import { ErrorState } from '../../components/page-state';
import { localToday } from '../../lib/local-date';
import { useTaskVersion } from '../../lib/task-version';
import { useLogsByMonth } from '../../features/logs/api/list-logs-by-month';
import { ExperienceLogsTable } from '../../features/logs/components/experience-logs-table';
import { FlaggedLogsTable } from '../../features/logs/components/flagged-logs-table';
import { useDocumentedTasks } from '../../features/progress/api/documented-tasks';
import {
  GridViewControls,
  type GridView,
} from '../../features/progress/components/grid-view-controls';
import { TaskGrid, TaskGridLegend } from '../../features/progress/components/task-grid';

/** SPEC §2: the page is reached by clicking a month, with the date in the router state. */
const ArrivalStateSchema = z.object({ date: z.string() });

/**
 * Where the page stands, from the address (?view=&month=&task=) so that back, reload and links
 * keep it; a month given as ?month= or as the router state opens the monthly view.
 */
function usePageScope() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const currentMonth = localToday().slice(0, 7);
  const arrival = ArrivalStateSchema.safeParse(location.state);
  const givenMonth = [params.get('month'), arrival.success ? arrival.data.date.slice(0, 7) : null]
    .filter((month): month is string => month !== null && isValidMonth(month))
    .at(0);
  const viewParam = params.get('view');
  const view: GridView =
    viewParam === 'monthly' || viewParam === 'overall'
      ? viewParam
      : givenMonth
        ? 'monthly'
        : 'overall';
  const month = givenMonth ?? currentMonth;
  const selectedTaskId = params.get('task');

  const update = (next: { view?: GridView; month?: string; task?: string | null }) => {
    const merged = { view: next.view ?? view, month: next.month ?? month };
    const task = next.task === undefined ? selectedTaskId : next.task;
    setParams(
      { view: merged.view, month: merged.month, ...(task ? { task } : {}) },
      { replace: true, state: location.state },
    );
  };
  return { view, month, currentMonth, selectedTaskId, update };
}

/**
 * /student/monthly-document (SPEC §2): the task grid of the edition in use, overall or for one
 * month; pressing a task lists its logs; then the Flagged Logs and Experience Logs of the same
 * scope.
 */
export function MonthlyDocumentPage() {
  const [version] = useTaskVersion();
  const { view, month, currentMonth, selectedTaskId, update } = usePageScope();
  const scopeMonth = view === 'monthly' ? month : null;
  const scopeLabel = scopeMonth ? formatMonthYear(scopeMonth) : 'all months';
  const documented = useDocumentedTasks(scopeMonth);
  const logs = useLogsByMonth(scopeMonth);
  const title = version === 'v6' ? 'Test Content Outline Grid' : 'Task List Grid';
  const taskLogsHeading = useRef<HTMLHeadingElement>(null);
  const hasSelectionMoved = useRef(false);

  const selectedTask = selectedTaskId ? findTask(selectedTaskId) : undefined;
  const taskLogs = selectedTaskId
    ? logs.data?.filter((log) => log.task.some((task) => task.id === selectedTaskId))
    : undefined;
  const flaggedLogs = logs.data?.filter((log) => log.status === 'flagged');

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
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {version === 'v6'
            ? 'BCBA 6th Edition Test Content Outline'
            : 'BCBA 5th Edition Task List'}
          : the tasks your logs document, {scopeMonth ? `in ${scopeLabel}` : 'over all months'}.
        </Text>
      </div>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
        <Stack gap="md">
          <GridViewControls
            view={view}
            month={month}
            latestMonth={currentMonth}
            onChange={(next) => update({ ...next, task: null })}
          />
          <TaskGridLegend />
          {documented.data?.length === 0 ? (
            <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
              No tasks documented {scopeMonth ? `in ${scopeLabel}` : 'yet'}. Tasks you add to a log
              appear here with their dates.{' '}
              <Anchor component={Link} to="/student/logHour" size="sm">
                Log experience hours
              </Anchor>
            </Alert>
          ) : null}
          {documented.isError ? (
            <ErrorState error={documented.error} onRetry={() => void documented.refetch()} />
          ) : (
            <TaskGrid
              version={version}
              documentedTasks={documented.data}
              isUpdating={documented.isPlaceholderData}
              selectedTaskId={selectedTaskId}
              onSelect={onSelect}
            />
          )}
          <Text size="xs" c="dimmed" component="p" m={0}>
            {TASK_LIST_SOURCE[version].line}
          </Text>
        </Stack>
      </Paper>

      <Paper
        withBorder
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="task-logs-title"
      >
        <Stack gap="xs">
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
              {selectedTask ? (
                <Text size="sm" c="dimmed">
                  {selectedTask.text}
                </Text>
              ) : null}
              <ExperienceLogsTable
                key={`${selectedTaskId}-${scopeLabel}`}
                logs={taskLogs}
                error={logs.error}
                onRetry={() => void logs.refetch()}
                labelledBy="task-logs-title"
                emptyText={`No logs document ${selectedTaskId} ${scopeMonth ? `in ${scopeLabel}` : 'yet'}.`}
              />
            </>
          ) : (
            <>
              <Title order={2} size="h4" id="task-logs-title">
                Task logs
              </Title>
              <Text size="sm" c="dimmed">
                Select a task above to view specific logs
              </Text>
            </>
          )}
        </Stack>
      </Paper>

      <Paper
        withBorder
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="flagged-logs-title"
      >
        <Stack gap="xs">
          <Title order={2} size="h4" id="flagged-logs-title">
            Flagged Logs
          </Title>
          <Text size="sm" c="dimmed">
            Logs your supervisor flagged{scopeMonth ? ` in ${scopeLabel}` : ''}: correct them and
            send them back for review.
          </Text>
          <FlaggedLogsTable
            logs={flaggedLogs}
            error={logs.error}
            onRetry={() => void logs.refetch()}
            labelledBy="flagged-logs-title"
          />
        </Stack>
      </Paper>

      <Paper
        withBorder
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="experience-logs-title"
      >
        <Stack gap="xs">
          <Title order={2} size="h4" id="experience-logs-title">
            Experience Logs
          </Title>
          <Text size="sm" c="dimmed">
            {scopeMonth ? `Every log of ${scopeLabel}` : 'Every log, newest first'}. Open a date to
            edit the log.
          </Text>
          <ExperienceLogsTable
            key={scopeLabel}
            logs={logs.data}
            error={logs.error}
            onRetry={() => void logs.refetch()}
            labelledBy="experience-logs-title"
            emptyText={scopeMonth ? `No logs in ${scopeLabel}.` : 'No logs yet.'}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
