import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LastUpdated } from '../../../components/last-updated';
import { OfflineState } from '../../../components/offline';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { formatMonthName } from '../../../lib/local-date';
import { useMonthLogs } from '../api/get-logs';
import { logDescription, logWhen, statusBadgeProps } from './log-summary';
import { isWaitingForConnection } from '../../../lib/connection';

/** Whether a log was stored at `at` (an import's instant): compared as instants, not as text. */
const storedAt = (createdAt: string, at: string | undefined) =>
  at !== undefined && new Date(createdAt).getTime() === new Date(at).getTime();

/**
 * The month's entries (under the form, and after an import), each a link to its edit screen;
 * those an import stored at `importedAt` are marked.
 */
export function MonthLogsList({ month, importedAt }: { month: string; importedAt?: string }) {
  const logs = useMonthLogs(month);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="month-logs-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="month-logs-title">
            Entries in {formatMonthName(month)}
          </Title>
          <LastUpdated at={logs.dataUpdatedAt} />
        </div>
        {isWaitingForConnection(logs) ? (
          <OfflineState />
        ) : logs.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading this month's entries">
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : logs.isError ? (
          <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
        ) : logs.data.length === 0 ? (
          <EmptyState title="No entries this month yet">
            Entries you save appear here; open one to edit or delete it.
          </EmptyState>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {logs.data.map((log) => {
              const isNew = storedAt(log.created_at, importedAt);
              return (
                <Group
                  key={log.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py="xs"
                  px={isNew ? 'xs' : undefined}
                  bg={isNew ? 'teal.0' : undefined}
                  data-imported={isNew || undefined}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/student/editLogHour/${log.id}`}
                      fw={600}
                      size="sm"
                    >
                      {logWhen(log)}
                    </Anchor>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {logDescription(log)} · {log.experience_hours} h
                      {log.individual_or_group === 'No supervision'
                        ? ' · no supervision'
                        : ` · ${log.supervised_hours} h supervised`}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {isNew ? (
                      <Badge color="teal.9" variant="filled">
                        Just imported
                      </Badge>
                    ) : null}
                    <Badge {...statusBadgeProps(log.status)}>{log.status}</Badge>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
