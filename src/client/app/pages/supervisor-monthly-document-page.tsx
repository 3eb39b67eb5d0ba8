import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatMonthYear, isValidMonth } from '../../../shared/logs/time';
import { findTask, TASK_LIST_SOURCE } from '../../../shared/reference/task-lists';
import { EmptyState, ErrorState } from '../../components/page-state';
import { localToday } from '../../lib/local-date';
import { useTaskVersion } from '../../lib/task-version';
import {
  GridViewControls,
  type GridView,
} from '../../features/progress/components/grid-view-controls';
import { TaskGrid, TaskGridLegend } from '../../features/progress/components/task-grid';
import { useTraineeTasks } from '../../features/review/api/get-trainee-tasks';
import { useReviewLogs } from '../../features/review/api/list-logs';
import { useTrainees } from '../../features/review/api/list-trainees';
import { ReviewLogsTable } from '../../features/review/components/review-logs-table';

/** The page's scope from the address (?u_id=&view=&month=&task=), so links and reloads keep it. */
function useGridScope() {
  const [params, setParams] = useSearchParams();
  const currentMonth = localToday().slice(0, 7);
  const traineeParam = Number(params.get('u_id'));
  const traineeId = Number.isInteger(traineeParam) && traineeParam > 0 ? traineeParam : null;
  const monthParam = params.get('month');
  const month = monthParam && isValidMonth(monthParam) ? monthParam : currentMonth;
  const view: GridView = params.get('view') === 'monthly' ? 'monthly' : 'overall';
  const taskId = params.get('task');
  const update = (next: {
    traineeId?: number | null;
    view?: GridView;
    month?: string;
    task?: string | null;
  }) => {
    const chosen = next.traineeId === undefined ? traineeId : next.traineeId;
    const task = next.task === undefined ? taskId : next.task;
    setParams(
      {
        ...(chosen ? { u_id: String(chosen) } : {}),
        view: next.view ?? view,
        month: next.month ?? month,
        ...(task ? { task } : {}),
      },
      { replace: true },
    );
  };
  return { traineeId, view, month, currentMonth, taskId, update };
}

/**
 * /supervisor/monthly-document?u_id= (SPEC §2): a trainee's task grid in the supervisor's colour
 * bands (SPEC §9), overall or for one month; pressing a task lists the trainee's logs of it.
 */
export function SupervisorMonthlyDocumentPage() {
  const [version] = useTaskVersion();
  const { traineeId, view, month, currentMonth, taskId, update } = useGridScope();
  const trainees = useTrainees();
  const active = trainees.data?.filter((trainee) => !trainee.is_removed) ?? [];
  // With one trainee there is nothing to choose.
  const trainee =
    active.find((row) => row.id === traineeId) ??
    (traineeId === null && active.length === 1 ? active[0] : undefined);
  const scopeMonth = view === 'monthly' ? month : null;
  const scopeLabel = scopeMonth ? formatMonthYear(scopeMonth) : 'all months';
  const tasks = useTraineeTasks(trainee ? trainee.id : null, scopeMonth);
  const taskLogs = useReviewLogs(
    { traineeId: trainee?.id ?? 0, ...(scopeMonth ? { month: scopeMonth } : {}) },
    { enabled: trainee !== undefined && taskId !== null },
  );
  const title = version === 'v6' ? 'Test Content Outline Grid' : 'Task List Grid';
  const selectedTask = taskId ? findTask(taskId) : undefined;

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          The tasks a trainee’s logs document, {scopeMonth ? `in ${scopeLabel}` : 'over all months'}
          .
        </Text>
      </div>
      <Select
        label="Trainee"
        placeholder={trainees.isPending ? 'Loading your trainees…' : 'Choose a trainee'}
        data={active.map((row) => ({ value: String(row.id), label: row.name }))}
        value={trainee ? String(trainee.id) : null}
        onChange={(value) => update({ traineeId: value ? Number(value) : null, task: null })}
        allowDeselect={false}
        searchable={active.length > 8}
        maw={360}
        error={trainees.isError ? 'Your trainees could not be loaded.' : undefined}
      />

      {!trainee ? (
        <Paper withBorder p="lg">
          {trainees.data && active.length === 0 ? (
            <EmptyState title="No trainees found" />
          ) : (
            <EmptyState title="Choose a trainee">
              {traineeId && trainees.data
                ? 'That trainee is not on your list.'
                : 'Their task grid shows which tasks their logs document, and when.'}
            </EmptyState>
          )}
        </Paper>
      ) : (
        <>
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
            <Stack gap="md">
              <GridViewControls
                view={view}
                month={month}
                latestMonth={currentMonth}
                onChange={(next) => update({ ...next, task: null })}
              />
              <TaskGridLegend bands="supervisor" />
              {tasks.data?.length === 0 ? (
                <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
                  {trainee.name} documented no tasks {scopeMonth ? `in ${scopeLabel}` : 'yet'}.
                </Alert>
              ) : null}
              {tasks.isError ? (
                <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
              ) : (
                <TaskGrid
                  version={version}
                  documentedTasks={tasks.data}
                  isUpdating={tasks.isPlaceholderData}
                  selectedTaskId={taskId}
                  onSelect={(id) => update({ task: id === taskId ? null : id })}
                  bands="supervisor"
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
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h4" id="task-logs-title">
                  {taskId ? `Logs for ${taskId}` : 'Task logs'}
                </Title>
                {taskId ? (
                  <Button variant="subtle" size="compact-sm" onClick={() => update({ task: null })}>
                    Clear the task
                  </Button>
                ) : null}
              </Group>
              {taskId ? (
                <>
                  {selectedTask ? (
                    <Text size="sm" c="dimmed">
                      {selectedTask.text}
                    </Text>
                  ) : null}
                  <ReviewLogsTable
                    logs={taskLogs.data?.filter((log) => log.task.some((t) => t.id === taskId))}
                    error={taskLogs.error}
                    onRetry={() => void taskLogs.refetch()}
                    labelledBy="task-logs-title"
                    emptyText={`No logs document ${taskId} ${scopeMonth ? `in ${scopeLabel}` : 'yet'}`}
                    showDate
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Select a task above to view specific logs
                </Text>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
