import { Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatUsDate } from '../../../../shared/logs/time';
import type { DocumentedTask } from '../../../../shared/progress/accrued.schema';
import { traineeGridBand, type GridBand } from '../../../../shared/progress/progress';
import {
  taskDomains,
  type Task,
  type TaskListVersion,
} from '../../../../shared/reference/task-lists';
import classes from './task-grid.module.css';

/** A cell lists this many dates; the rest are in the task's logs below the grid. */
const DATES_SHOWN = 6;

/** What each colour means (SPEC §9, read as in `traineeGridBand`). */
const LEGEND: { band: GridBand; label: string }[] = [
  { band: 'warning', label: 'Documented 0–3 times' },
  { band: 'info', label: '4–6 times' },
  { band: 'primary', label: '7 times or more' },
];

/** The key to the grid's colours; each cell also says its count in words. */
export function TaskGridLegend() {
  return (
    <Group
      gap="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Colour key"
    >
      {LEGEND.map((item) => (
        <Group key={item.band} gap={6} component="li" wrap="nowrap">
          <span className={`${classes.swatch} ${classes[item.band]}`} aria-hidden />
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
}: {
  task: Task;
  documented: DocumentedTask | undefined;
  isLoading: boolean;
  isSelected: boolean;
  onSelect: (taskId: string) => void;
}) {
  const count = documented?.count ?? 0;
  const band = isLoading ? 'loading' : traineeGridBand(count);
  return (
    <UnstyledButton
      className={`${classes.cell} ${classes[band]}`}
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
}: {
  version: TaskListVersion;
  /** Undefined while loading. */
  documentedTasks: readonly DocumentedTask[] | undefined;
  /** Another scope's data is on screen while this one loads. */
  isUpdating?: boolean;
  selectedTaskId: string | null;
  onSelect: (taskId: string) => void;
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
