import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { LOG_RECOVERY_DAYS } from '../../../../shared/logs/experience-log.schema';
import { ErrorState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { formatInstant } from '../../../lib/local-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeletedLogs } from '../api/get-deleted-logs';
import { useRestoreLog } from '../api/restore-log';
import { logDescription, logWhen } from './log-summary';

/** Logs deleted in the last 30 days, each with Restore. */
export function RecentlyDeleted() {
  const deleted = useDeletedLogs();
  const restore = useRestoreLog();

  const onRestore = async (id: number) => {
    try {
      await restore.mutateAsync(id);
      notifySuccess('Successfully restored!');
    } catch (error) {
      // 409 when another log now takes the deleted one's time.
      notifyError(error instanceof ApiError ? error.message : 'Failed to restore!');
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="deleted-logs-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="deleted-logs-title">
            Recently deleted
          </Title>
          <Text size="sm" c="dimmed">
            Deleted entries can be restored for {LOG_RECOVERY_DAYS} days.
          </Text>
        </div>
        {deleted.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading deleted entries">
            <Skeleton height={44} />
          </Stack>
        ) : deleted.isError ? (
          <ErrorState error={deleted.error} onRetry={() => void deleted.refetch()} />
        ) : deleted.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing deleted in the last {LOG_RECOVERY_DAYS} days.
          </Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {deleted.data.map((log) => (
              <Group
                key={log.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {logWhen(log)}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {logDescription(log)}
                    {log.deleted_at ? ` · deleted ${formatInstant(log.deleted_at)}` : ''}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRestore size={16} aria-hidden />}
                  loading={restore.isPending && restore.variables === log.id}
                  onClick={() => void onRestore(log.id)}
                  aria-label={`Restore the entry of ${logWhen(log)}`}
                  style={{ flexShrink: 0 }}
                >
                  Restore
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
