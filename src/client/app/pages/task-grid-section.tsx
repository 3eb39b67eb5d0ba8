import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DocumentedTask } from '../../../shared/progress/accrued.schema';
import {
  findTask,
  TASK_LIST_SOURCE,
  type TaskListVersion,
} from '../../../shared/reference/task-lists';
import { ErrorState } from '../../components/page-state';
import { GridViewControls } from '../../features/progress/components/grid-view-controls';
import {
  TaskGrid,
  TaskGridLegend,
  type GridBands,
} from '../../features/progress/components/task-grid';
import type { TaskGridScope } from './task-grid-scope';

/** The task grid page's name in the edition in use. */
export function taskGridTitle(version: TaskListVersion): string {
  return version === 'v6' ? 'Test Content Outline Grid' : 'Task List Grid';
}

/**
 * The grid with its view and month controls, colour key and source line, the scope's task
 * pressed. A failed load shows in place of the grid; `emptyNotice` is said above it when the
 * scope documents no task.
 */
export function TaskGridSection({
  version,
  scope,
  tasks,
  onSelect,
  bands = 'trainee',
  emptyNotice,
}: {
  version: TaskListVersion;
  scope: Pick<TaskGridScope, 'view' | 'month' | 'currentMonth' | 'taskId' | 'update'>;
  tasks: UseQueryResult<DocumentedTask[]>;
  onSelect: (taskId: string) => void;
  bands?: GridBands;
  emptyNotice: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-label={taskGridTitle(version)}
    >
      <Stack gap="md">
        <GridViewControls
          view={scope.view}
          month={scope.month}
          latestMonth={scope.currentMonth}
          onChange={(next) => scope.update({ ...next, task: null })}
        />
        <TaskGridLegend bands={bands} />
        {tasks.data?.length === 0 ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            {emptyNotice}
          </Alert>
        ) : null}
        {tasks.isError ? (
          <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : (
          <TaskGrid
            version={version}
            documentedTasks={tasks.data}
            isUpdating={tasks.isPlaceholderData}
            selectedTaskId={scope.taskId}
            onSelect={onSelect}
            bands={bands}
          />
        )}
        <Text size="xs" c="dimmed" component="p" m={0}>
          {TASK_LIST_SOURCE[version].line}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A part of the page below the grid, named by its title (`titleId`). */
export function LogsSection({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

/** The pressed task's text, under the title of its logs. */
export function SelectedTaskText({ taskId }: { taskId: string }) {
  const task = findTask(taskId);
  return task ? (
    <Text size="sm" c="dimmed">
      {task.text}
    </Text>
  ) : null;
}
