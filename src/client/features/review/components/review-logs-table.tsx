import { Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { PagePagination } from '../../../components/page-pagination';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { useListPages, type ServerPaging } from '../../../components/list-pages';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { LogRowActions } from './log-actions';
import { ReviewStatusBadge } from './review-status-badge';

/** The task codes of a log, each with its text for a pointer's tooltip. */
function TaskCodes({ log }: { log: ExperienceLog }) {
  if (log.task.length === 0) return <Text size="sm">None</Text>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {log.task.map((task, index) => (
        <span key={task.id} title={task.description}>
          {index > 0 ? ', ' : ''}
          {task.id}
        </span>
      ))}
    </Text>
  );
}

function Student({ log, showDate }: { log: ExperienceLog; showDate: boolean }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" fw={600}>
        {log.user.name}
      </Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {showDate ? `${formatUsDate(log.date_of_experience)}, ` : ''}
        {log.time_of_expereince_start}–{log.time_of_expereince_end} · {log.experience_hours} h
      </Text>
      <ReviewStatusBadge status={log.status} />
    </Stack>
  );
}

/**
 * The logs to review (SPEC §2 /signlogs, /pending-logs, /flagged-logs): Student, Task list items
 * documented and the actions its status allows; a card per log on phones. Long lists are paged:
 * here, or by the server (`paging`: the logs given are its page).
 */
export function ReviewLogsTable({
  logs,
  error,
  onRetry,
  labelledBy,
  emptyText,
  showDate = false,
  paging,
}: {
  /** Undefined while loading. */
  logs: readonly ExperienceLog[] | undefined;
  error: unknown;
  onRetry: () => void;
  labelledBy: string;
  emptyText: string;
  /** Lists across days show each log's date. */
  showDate?: boolean;
  paging?: ServerPaging;
}) {
  const { shown, total, pages, current, setPage } = useListPages(logs, paging);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (!logs) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading logs">
        <Skeleton height={34} />
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  }
  if (total === 0) return <EmptyState title={emptyText} />;
  return (
    <Stack gap="sm">
      <Stack
        gap={0}
        hiddenFrom="sm"
        component="ul"
        aria-labelledby={labelledBy}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {shown.map((log) => (
          <Stack
            key={log.id}
            component="li"
            gap="xs"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Student log={log} showDate={showDate} />
            <div>
              <Text size="xs" fw={700}>
                Task list items documented
              </Text>
              <TaskCodes log={log} />
            </div>
            <LogRowActions log={log} />
          </Stack>
        ))}
      </Stack>
      <Table aria-labelledby={labelledBy} verticalSpacing="sm" visibleFrom="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Student</Table.Th>
            <Table.Th scope="col">Task list items documented</Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((log) => (
            <Table.Tr key={log.id}>
              <Table.Td>
                <Student log={log} showDate={showDate} />
              </Table.Td>
              <Table.Td maw={320}>
                <TaskCodes log={log} />
              </Table.Td>
              <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
                <LogRowActions log={log} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {total} logs
          </Text>
          <PagePagination total={pages} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
