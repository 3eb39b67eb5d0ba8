import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useId } from 'react';
import { ApiError } from '../lib/api-client';
import { notifyError, notifySuccess } from '../lib/notify';
import { ErrorState } from './page-state';
import { isWaitingForConnection } from '../lib/connection';
import { OfflineState } from './offline';

/** One deleted thing as the section lists it. */
export type DeletedItem = {
  id: number;
  title: string;
  /** A line under the title: what it was, and when it was deleted. */
  detail: string;
  /** The Restore button's name for a screen reader ("Restore the entry of …"). */
  restoreLabel: string;
};

type RecentlyDeletedSectionProps = {
  /** e.g. 'Deleted entries can be restored for 30 days.' */
  description: string;
  /** e.g. 'Nothing deleted in the last 30 days.' */
  emptyText: string;
  loadingLabel: string;
  query: {
    isPending: boolean;
    fetchStatus: string;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  items: DeletedItem[] | undefined;
  /** The restore mutation (by id); its success and its refusal are toasted here. */
  restore: {
    mutateAsync: (id: number) => Promise<unknown>;
    isPending: boolean;
    variables: number | undefined;
  };
};

/**
 * "Recently deleted": what was deleted in the recovery window, each with Restore. Logs and
 * uploaded forms are both kept this way (SPEC: 'Delete this file?', then 30 days to restore).
 */
export function RecentlyDeletedSection({
  description,
  emptyText,
  loadingLabel,
  query,
  items,
  restore,
}: RecentlyDeletedSectionProps) {
  const titleId = useId();
  const restoringId = restore.isPending ? (restore.variables ?? null) : null;
  const onRestore = async (id: number) => {
    try {
      await restore.mutateAsync(id);
      notifySuccess('Successfully restored!');
    } catch (error) {
      // A 409 says why (e.g. another log now takes a deleted log's time).
      notifyError(error instanceof ApiError ? error.message : 'Failed to restore!');
    }
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            Recently deleted
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {isWaitingForConnection(query) ? (
          <OfflineState compact />
        ) : query.isPending ? (
          <Stack gap="xs" role="status" aria-label={loadingLabel}>
            <Skeleton height={44} />
          </Stack>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !items || items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Group
                key={item.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {item.detail}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRestore size={16} aria-hidden />}
                  loading={restoringId === item.id}
                  onClick={() => void onRestore(item.id)}
                  aria-label={item.restoreLabel}
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
