import { Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { LEGACY_TASKS_NOTICE, needsLegacyNotice } from '../../../../shared/logs/legacy';
import { formatUsDate, roundToQuarterHour } from '../../../../shared/logs/time';
import { useListPages, type ServerPaging } from '../../../components/list-pages';
import { ErrorState } from '../../../components/page-state';
import { logDescription } from './log-summary';
import { LogStatusBadge } from './log-status-badge';

/** A dark orange that reads at 6:1 on the warning row's fill (Mantine's orange.9 is 4:1). */
const WARNING_TEXT = '#9c3d00';

function LegacyWarning() {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconAlertTriangle
        size={16}
        color={WARNING_TEXT}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="sm" c={WARNING_TEXT}>
        {LEGACY_TASKS_NOTICE}
      </Text>
    </Group>
  );
}

/**
 * A table of experience logs (SPEC §2 monthly document): the date opens the log's edit screen,
 * then 'experience type: setting', hours and status; a log dated after 2025-01-01 that still
 * names 5th-edition tasks carries the legacy warning. Long lists are paged: here, or by the
 * server (`paging`: the logs given are its page).
 */
export function ExperienceLogsTable({
  logs,
  error,
  onRetry,
  labelledBy,
  emptyText,
  paging,
}: {
  /** Undefined while loading. */
  logs: readonly ExperienceLog[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  labelledBy: string;
  emptyText: string;
  paging?: ServerPaging;
}) {
  const { shown, total, pages, current, from, to, setPage } = useListPages(logs, paging);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (!logs) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading logs">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {emptyText}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Table aria-labelledby={labelledBy} verticalSpacing="xs" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Description
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Hours
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.flatMap((log) => {
            const row = (
              <Table.Tr key={log.id}>
                <Table.Td>
                  <Button
                    component={Link}
                    to={`/student/editLogHour/${log.id}`}
                    variant="subtle"
                    size="compact-sm"
                    px={4}
                    aria-label={`${formatUsDate(log.date_of_experience)}, ${log.time_of_expereince_start} to ${log.time_of_expereince_end}: edit this log`}
                  >
                    {formatUsDate(log.date_of_experience)}
                  </Button>
                  {/* Phones have no room for the two columns: the date cell carries them. */}
                  <Text hiddenFrom="sm" size="sm" px={4}>
                    {logDescription(log)} · {roundToQuarterHour(log.experience_hours)} h
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" visibleFrom="sm">
                  {logDescription(log)}
                </Table.Td>
                <Table.Td
                  fz="sm"
                  ta="right"
                  visibleFrom="sm"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {roundToQuarterHour(log.experience_hours)}
                </Table.Td>
                <Table.Td w="1%">
                  <LogStatusBadge status={log.status} />
                </Table.Td>
              </Table.Tr>
            );
            const isLegacy = needsLegacyNotice({
              dateOfExperience: log.date_of_experience,
              taskIds: log.task.map((task) => task.id),
            });
            if (!isLegacy) return [row];
            return [
              row,
              <Table.Tr key={`${log.id}-legacy`}>
                <Table.Td colSpan={4} bg="orange.0">
                  <LegacyWarning />
                </Table.Td>
              </Table.Tr>,
            ];
          })}
        </Table.Tbody>
      </Table>
      {pages > 1 ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {from}–{to} of {total} logs
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            siblings={0}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
