import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { IconLayoutGrid, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LinkedTrainee } from '../../../../shared/review/review.schema';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { notifySuccess } from '../../../lib/notify';
import { useTrainees } from '../api/list-trainees';
import { useRemoveTrainee } from '../api/remove-trainee';
import { useRestoreTrainee } from '../api/restore-trainee';
import { reportReviewError } from './review-errors';
import { traineeGridPath, traineePath } from './review-paths';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

function Counts({ trainee }: { trainee: LinkedTrainee }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      <Text
        span
        inherit
        fw={trainee.pending_logs > 0 ? 700 : 400}
        c={trainee.pending_logs > 0 ? 'red.9' : undefined}
      >
        {trainee.pending_logs} pending
      </Text>{' '}
      · {trainee.flagged_logs} flagged
    </Text>
  );
}

function RemoveButton({ trainee }: { trainee: LinkedTrainee }) {
  const remove = useRemoveTrainee();
  const confirm = () =>
    openConfirmModal({
      title: `Remove ${trainee.name}?`,
      children: (
        <Text size="sm">
          {trainee.name} and their logs leave your lists. Nothing is deleted, and you can restore
          them from Removed trainees at any time.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(trainee.id, {
          onSuccess: () => notifySuccess('Successfully User removed'),
          onError: reportReviewError,
        }),
    });
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      leftSection={<IconUserMinus size={16} aria-hidden />}
      loading={remove.isPending}
      aria-label={`Remove ${trainee.name}`}
      onClick={confirm}
    >
      Remove
    </Button>
  );
}

function RestoreButton({ trainee }: { trainee: LinkedTrainee }) {
  const restore = useRestoreTrainee();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconUserPlus size={16} aria-hidden />}
      loading={restore.isPending}
      aria-label={`Restore ${trainee.name}`}
      onClick={() =>
        restore.mutate(trainee.id, {
          onSuccess: () => notifySuccess('Successfully User restored'),
          onError: reportReviewError,
        })
      }
    >
      Restore
    </Button>
  );
}

function TraineeName({ trainee, isLinked }: { trainee: LinkedTrainee; isLinked: boolean }) {
  return (
    <div style={{ minWidth: 0 }}>
      {isLinked ? (
        <Anchor component={Link} to={traineePath(trainee.id)} fw={600} size="sm">
          {trainee.name}
        </Anchor>
      ) : (
        <Text fw={600} size="sm">
          {trainee.name}
        </Text>
      )}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {trainee.email}
      </Text>
    </div>
  );
}

function ActiveTrainees({ trainees }: { trainees: LinkedTrainee[] }) {
  if (trainees.length === 0) {
    return (
      <EmptyState title="No trainees found">
        Trainees appear here once they add you as their supervisor with this account’s email.
      </EmptyState>
    );
  }
  const actions = (trainee: LinkedTrainee) => (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={traineeGridPath(trainee.id)}
        size="compact-sm"
        variant="default"
        leftSection={<IconLayoutGrid size={16} aria-hidden />}
        aria-label={`Task grid of ${trainee.name}`}
      >
        Task grid
      </Button>
      <RemoveButton trainee={trainee} />
    </Group>
  );
  return (
    <>
      {/* Phones: a card per trainee; wider screens: a table. */}
      <Stack
        gap={0}
        hiddenFrom="sm"
        component="ul"
        aria-labelledby="trainees-title"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {trainees.map((trainee) => (
          <Stack
            key={trainee.id}
            component="li"
            gap={6}
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <TraineeName trainee={trainee} isLinked />
            <Counts trainee={trainee} />
            {actions(trainee)}
          </Stack>
        ))}
      </Stack>
      <Table verticalSpacing="sm" aria-labelledby="trainees-title" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Trainee</Table.Th>
            <Table.Th scope="col">Logs</Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trainees.map((trainee) => (
            <Table.Tr key={trainee.id}>
              <Table.Td>
                <TraineeName trainee={trainee} isLinked />
              </Table.Td>
              <Table.Td>
                <Counts trainee={trainee} />
              </Table.Td>
              <Table.Td>{actions(trainee)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/**
 * /supervisor/trainees (SPEC §2): the trainees who listed this supervisor, with their pending and
 * flagged counts, a way to their hours and task grid, and Remove; removed trainees apart, with
 * Restore.
 */
export function TraineesPage() {
  const trainees = useTrainees();
  const active = trainees.data?.filter((trainee) => !trainee.is_removed) ?? [];
  const removed = trainees.data?.filter((trainee) => trainee.is_removed) ?? [];

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={1} size="h2">
          Trainees
        </Title>
        <Text c="dimmed" size="sm">
          The trainees who named you as their supervisor. Open one to see their accrued hours and
          sign off their months.
        </Text>
      </div>
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="trainees-title"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="trainees-title">
            Your trainees
          </Title>
          {isWaitingForConnection(trainees) ? (
            <OfflineState />
          ) : trainees.isPending ? (
            <Stack gap="xs" role="status" aria-label="Loading trainees">
              <Skeleton height={34} />
              <Skeleton height={52} />
              <Skeleton height={52} />
            </Stack>
          ) : trainees.isError ? (
            <ErrorState error={trainees.error} onRetry={() => void trainees.refetch()} />
          ) : (
            <ActiveTrainees trainees={active} />
          )}
        </Stack>
      </Paper>
      {removed.length > 0 ? (
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="removed-title"
        >
          <Stack gap="sm">
            <div>
              <Title order={2} size="h4" id="removed-title">
                Removed trainees
              </Title>
              <Text size="sm" c="dimmed">
                Hidden from your lists, with their logs. Restore a trainee to review them again.
              </Text>
            </div>
            <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {removed.map((trainee) => (
                <Group
                  key={trainee.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py="xs"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <TraineeName trainee={trainee} isLinked={false} />
                  <RestoreButton trainee={trainee} />
                </Group>
              ))}
            </Stack>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
