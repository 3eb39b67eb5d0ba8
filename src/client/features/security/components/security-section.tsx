import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { ErrorState } from '../../../components/page-state';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

/** A titled card of the account's security, with its loading, error and empty states. */
export function SecuritySection({
  title,
  description,
  action,
  query,
  loadingLabel,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  query: {
    isPending: boolean;
    fetchStatus: string;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  loadingLabel: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {action}
        </Stack>
        {isWaitingForConnection(query) ? (
          <OfflineState />
        ) : query.isPending ? (
          <Stack gap="xs" role="status" aria-label={loadingLabel}>
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : isEmpty ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** The list of rows inside a section. */
export function SectionList({ children }: { children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

export const ROW_STYLE = { borderTop: '1px solid var(--mantine-color-gray-2)' } as const;
