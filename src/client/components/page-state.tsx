import { Alert, Button, Center, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiError, isUnreachable } from '../lib/api-client';
import { useIsOffline } from '../lib/connection';
import { OfflineState } from './offline';

// In its own module: the first download needs the placeholder, not the empty and error states.
export { LoadingState } from './loading-state';

/** Nothing to show yet, said plainly, with the next step when there is one. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children ? (
          <Text c="dimmed" size="sm">
            {children}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}

/**
 * A failed load, with what went wrong (or `message` instead) and a way to try again; not an
 * error when the server simply could not be reached: the calm offline word then (the query is
 * tried again when the connection returns).
 */
export function ErrorState({
  error,
  message: given,
  onRetry,
}: {
  error: unknown;
  message?: string;
  onRetry?: () => void;
}) {
  const isOffline = useIsOffline();
  if (isOffline || isUnreachable(error)) return <OfflineState />;
  const message =
    given ?? (error instanceof ApiError ? error.message : 'Something went wrong while loading.');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Could not load this"
      role="alert"
    >
      <Group justify="space-between" align="center">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
