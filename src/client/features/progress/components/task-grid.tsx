import { Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatUsDate } from '../../../../shared/logs/time';
import type { DocumentedTask } from '../../../../shared/progress/accrued.schema';
import {
  supervisorGridBand,
  traineeGridBand,
  type GridBand,
} from '../../../../shared/progress/progress';
import {
  taskDomains,
  type Task,
  type TaskListVersion,
} from '../../../../shared/reference/task-lists';
import classes from './task-grid.module.css';

/** A cell lists this many dates; the rest are in the task's logs below the grid. */
const DATES_SHOWN = 6;

/** What each colour means (SPEC §9, read as in `traineeGridBand`). */
const LEGEND: { band: GridBand; isDone: boolean; label: string }[] = [
  { band: 'warning', isDone: false, label: 'Not completed' },
  { band: 'warning', isDone: true, label: 'Documented 1–3 times' },
  { band: 'info', isDone: true, label: '4–6 times' },
  { band: 'primary', isDone: true, label: '7 times or more' },
];

/** Whose colour bands a grid uses: the trainee's, or the supervisor's (SPEC §9). */
export type GridBands = 'trainee' | 'supervisor';

/** The supervisor grid's key, read as in `supervisorGridBand`: a task never documented has none. */
const SUPERVISOR_LEGEND: typeof LEGEND = [
  { band: 'none', isDone: false, label: 'Not completed' },
  ...LEGEND.slice(1),
];

const BAND_OF: Record<GridBands, (count: number) => GridBand> = {
  trainee: traineeGridBand,
  supervisor: supervisorGridBand,
};

/** A cell's classes: its band, and a paler dashed look for a task never documented. */
function bandClasses(band: GridBand | 'loading', isDone: boolean): string {
  return [classes[band], isDone ? null : classes.notDone].filter(Boolean).join(' ');
}

/** The key to the grid's colours; each cell also says its count in words. */
export function TaskGridLegend({ bands = 'trainee' }: { bands?: GridBands }) {
  return (
    <Group
      gap="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Colour key"
    >
      {(bands === 'supervisor' ? SUPERVISOR_LEGEND : LEGEND).map((item) => (
        <Group key={item.label} gap={6} component="li" wrap="nowrap">
          <span
            className={`${classes.swatch} ${bandClasses(item.band, item.isDone)}`}
            aria-hidden
          />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

function datesText(dates: readonly string[]): string {
  const shown = dates.slice(0, DATES_SHOWN).map(formatUsDate).join(', ');
  const more = dates.length - DATES_SHOWN;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

function TaskCell({
  task,
  documented,
  isLoading,
  isSelected,
  onSelect,
  bands,
}: {
  task: Task;
  documented: DocumentedTask | undefined;
  isLoading: boolean;
  isSelected: boolean;
  onSelect: (taskId: string) => void;
  bands: GridBands;
}) {
  const count = documented?.count ?? 0;
  const band = isLoading ? 'loading' : BAND_OF[bands](count);
  return (
    <UnstyledButton
      className={`${classes.cell} ${bandClasses(band, isLoading || count > 0)}`}
      aria-pressed={isSelected}
      data-task-id={task.id}
      onClick={() => onSelect(task.id)}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          {task.id}
        </Text>
        {!isLoading && count > 0 ? (
          <Text size="xs" fw={600}>
            {count === 1 ? '1 log' : `${count} logs`}
          </Text>
        ) : null}
      </Group>
      <Text size="sm">{task.text}</Text>
      {isLoading ? (
        <Skeleton height={12} width="70%" mt="auto" aria-hidden />
      ) : documented && documented.dates.length > 0 ? (
        <Text size="xs" mt="auto">
          <Text span inherit fw={700}>
            Dates completed:
          </Text>{' '}
          {datesText(documented.dates)}
        </Text>
      ) : (
        <Text size="xs" mt="auto" fw={600}>
          Task not completed
        </Text>
      )}
    </UnstyledButton>
  );
}

/**
 * The task grid (SPEC §2 /student/monthly-document): every task of the edition, grouped by
 * domain, coloured by how often it was documented. Cells are toggle buttons; pressing one shows
 * the task's logs. While the data loads the cells keep their place, so nothing jumps.
 */
export function TaskGrid({
  version,
  documentedTasks,
  isUpdating = false,
  selectedTaskId,
  onSelect,
  bands = 'trainee',
}: {
  version: TaskListVersion;
  /** Undefined while loading. */
  documentedTasks: readonly DocumentedTask[] | undefined;
  /** Another scope's data is on screen while this one loads. */
  isUpdating?: boolean;
  selectedTaskId: string | null;
  onSelect: (taskId: string) => void;
  /** The supervisor's grid colours from 1 documentation (SPEC §9 "supervisor grid"). */
  bands?: GridBands;
}) {
  const byId = new Map(documentedTasks?.map((task) => [task.id, task]));
  const isLoading = documentedTasks === undefined;
  return (
    <Stack gap="lg" aria-busy={isLoading || isUpdating} style={{ opacity: isUpdating ? 0.6 : 1 }}>
      {taskDomains(version).map((domain) => {
        const headingId = `domain-${domain.section}`;
        const documentedCount = domain.tasks.filter((task) => byId.has(task.id)).length;
        return (
          <section key={domain.section} aria-labelledby={headingId}>
            <Group justify="space-between" align="baseline" gap="xs" mb="xs">
              <Title order={3} size="h5" id={headingId}>
                {domain.section}. {domain.title}
              </Title>
              <Text size="sm" c="dimmed" miw={140} ta="right">
                {isLoading ? '' : `${documentedCount} of ${domain.tasks.length} tasks documented`}
              </Text>
            </Group>
            <ul className={classes.grid}>
              {domain.tasks.map((task) => (
                <li key={task.id}>
                  <TaskCell
                    task={task}
                    documented={byId.get(task.id)}
                    isLoading={isLoading}
                    isSelected={selectedTaskId === task.id}
                    onSelect={onSelect}
                    bands={bands}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </Stack>
  );
}
