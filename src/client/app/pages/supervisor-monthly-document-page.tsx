import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/page-state';
import { useTaskVersion } from '../../lib/task-version';
import { AgendaWriter } from '../../features/agenda/components/agenda-writer';
import { useTraineeTasks } from '../../features/review/api/get-trainee-tasks';
import { useTrainees } from '../../features/review/api/list-trainees';
import { PagedReviewLogs } from '../../features/review/components/paged-review-logs';
import { useTaskGridScope, type TaskGridScopeChange } from './task-grid-scope';
import { LogsSection, SelectedTaskText, TaskGridSection, taskGridTitle } from './task-grid-section';

/** The grid's scope with the trainee it shows (?u_id=), so links and reloads keep both. */
function useTraineeGridScope() {
  const scope = useTaskGridScope();
  const traineeParam = Number(scope.params.get('u_id'));
  const traineeId = Number.isInteger(traineeParam) && traineeParam > 0 ? traineeParam : null;
  const update = (next: TaskGridScopeChange & { traineeId?: number | null }) => {
    const chosen = next.traineeId === undefined ? traineeId : next.traineeId;
    scope.update(next, chosen ? { u_id: String(chosen) } : {});
  };
  return { ...scope, traineeId, update };
}

/**
 * /supervisor/monthly-document?u_id= (SPEC §2): a trainee's task grid in the supervisor's colour
 * bands (SPEC §9), overall or for one month; pressing a task lists the trainee's logs of it.
 * Below, the supervision contact agenda the supervisor writes for the trainee (issue 10).
 */
export function SupervisorMonthlyDocumentPage() {
  const [version] = useTaskVersion();
  const scope = useTraineeGridScope();
  const { traineeId, taskId, scopeMonth, scopeLabel, update } = scope;
  const trainees = useTrainees();
  const active = trainees.data?.filter((trainee) => !trainee.is_removed) ?? [];
  // With one trainee there is nothing to choose.
  const trainee =
    active.find((row) => row.id === traineeId) ??
    (traineeId === null && active.length === 1 ? active[0] : undefined);
  const tasks = useTraineeTasks(trainee ? trainee.id : null, scopeMonth);

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={taskGridTitle(version)}>
        The tasks a trainee’s logs document, {scopeMonth ? `in ${scopeLabel}` : 'over all months'}.
      </PageHeader>
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
          <TaskGridSection
            version={version}
            scope={scope}
            tasks={tasks}
            onSelect={(id) => update({ task: id === taskId ? null : id })}
            bands="supervisor"
            emptyNotice={
              <>
                {trainee.name} documented no tasks {scopeMonth ? `in ${scopeLabel}` : 'yet'}.
              </>
            }
          />
          <LogsSection titleId="task-logs-title">
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
                <SelectedTaskText taskId={taskId} />
                <PagedReviewLogs
                  key={`${trainee.id}-${scopeLabel}-${taskId}`}
                  filters={{
                    traineeId: trainee.id,
                    task: taskId,
                    ...(scopeMonth ? { month: scopeMonth } : {}),
                  }}
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
          </LogsSection>
          <AgendaWriter key={trainee.id} trainee={trainee} />
        </>
      )}
    </Stack>
  );
}
