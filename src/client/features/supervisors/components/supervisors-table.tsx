import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconHourglass,
  IconPencil,
  IconUserOff,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  hasAccess,
  supervisorAccountState,
  supervisorDisplayName,
  type TraineeSupervisor,
} from '../../../../shared/supervisors/trainee-supervisor.schema';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { useTraineeSupervisors } from '../api/get-trainee-supervisors';
import { EndAccessDialog } from './end-access-dialog';
import { RestoreAccessButton } from './restore-access-button';
import { InviteButton } from './invite-dialog';
import { SupervisorDialog } from './supervisor-dialog';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';
import { EmailAddress } from '../../../components/email-address';

type DialogState = { opened: false } | { opened: true; supervisor: TraineeSupervisor | null };

/** The profile screen's supervisors table with its Add/Edit dialog (SPEC §2). */
export function SupervisorsTable() {
  const supervisors = useTraineeSupervisors();
  const [dialog, setDialog] = useState<DialogState>({ opened: false });
  const [ending, setEnding] = useState<TraineeSupervisor | null>(null);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="supervisors-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="supervisors-title">
            Supervisors
          </Title>
          <Button
            size="sm"
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setDialog({ opened: true, supervisor: null })}
          >
            Add Supervisor
          </Button>
        </Group>
        <SupervisorsContent
          query={supervisors}
          onEdit={(supervisor) => setDialog({ opened: true, supervisor })}
          onEndAccess={setEnding}
        />
      </Stack>
      <EndAccessDialog supervisor={ending} onClose={() => setEnding(null)} />
      <SupervisorDialog
        opened={dialog.opened}
        supervisor={dialog.opened ? dialog.supervisor : null}
        onClose={() => setDialog({ opened: false })}
      />
    </Paper>
  );
}

function SupervisorsContent({
  query,
  onEdit,
  onEndAccess,
}: {
  query: ReturnType<typeof useTraineeSupervisors>;
  onEdit: (supervisor: TraineeSupervisor) => void;
  onEndAccess: (supervisor: TraineeSupervisor) => void;
}) {
  if (isWaitingForConnection(query)) return <OfflineState />;
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading your supervisors">
        <Skeleton height={34} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState title="No supervisors yet">
        Add the people who supervise your fieldwork, so your logs can name them.
      </EmptyState>
    );
  }
  return (
    <>
      {/* Phones: one card per supervisor; wider screens: the table of SPEC §2. */}
      <Stack
        gap={0}
        hiddenFrom="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {query.data.map((supervisor) => {
          const name = supervisorDisplayName(supervisor);
          return (
            <Group
              key={supervisor.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="sm" c="dimmed">
                  <EmailAddress address={supervisor.email} />
                </Text>
                <TrackerAccount supervisor={supervisor} withLabel />
              </div>
              <RowActions
                supervisor={supervisor}
                name={name}
                onEdit={onEdit}
                onEndAccess={onEndAccess}
              />
            </Group>
          );
        })}
      </Stack>
      <Table verticalSpacing="sm" striped visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email Address</Table.Th>
            <Table.Th>Tracker Account</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((supervisor) => {
            const name = supervisorDisplayName(supervisor);
            return (
              <Table.Tr key={supervisor.id}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <EmailAddress address={supervisor.email} />
                </Table.Td>
                <Table.Td>
                  <TrackerAccount supervisor={supervisor} />
                </Table.Td>
                <Table.Td ta="right">
                  <RowActions
                    supervisor={supervisor}
                    name={name}
                    onEdit={onEdit}
                    onEndAccess={onEndAccess}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}

/**
 * A check when the supervisor's account accepted the trainee, where a request stands, else
 * 'Invite to tracker' (SPEC §2).
 */
function TrackerAccount({
  supervisor,
  withLabel = false,
}: {
  supervisor: TraineeSupervisor;
  withLabel?: boolean;
}) {
  if (!hasAccess(supervisor)) {
    return (
      <Text size="sm" c="dimmed">
        Access ended {new Date(supervisor.access_ended_at ?? '').toLocaleDateString('en-US')}
      </Text>
    );
  }
  const state = supervisorAccountState(supervisor);
  if (state === 'none' || state === 'invited') return <InviteButton supervisor={supervisor} />;
  const name = supervisorDisplayName(supervisor) || supervisor.email;
  // Issue 36: an account sees the trainee only once it accepts; the trainee sees where it stands.
  if (state === 'pending' || state === 'declined') {
    const isPending = state === 'pending';
    return (
      <Group gap={6} wrap="nowrap">
        <ThemeIcon color={isPending ? 'yellow' : 'red'} variant="light" radius="xl" size="md">
          {isPending ? <IconHourglass size={16} aria-hidden /> : <IconX size={16} aria-hidden />}
        </ThemeIcon>
        <Text size="sm" c={isPending ? undefined : 'red.8'}>
          {isPending ? `Waiting for ${name} to accept` : `${name} declined`}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon color="green" variant="light" radius="xl" size="md">
        <IconCheck size={16} aria-hidden />
      </ThemeIcon>
      {withLabel ? (
        <Text size="sm">Tracker account</Text>
      ) : (
        <VisuallyHidden>Has a tracker account</VisuallyHidden>
      )}
    </Group>
  );
}

/** Edit, and End access while the supervisor still has it (Restore access once it ended). */
function RowActions({
  supervisor,
  name,
  onEdit,
  onEndAccess,
}: {
  supervisor: TraineeSupervisor;
  name: string;
  onEdit: (supervisor: TraineeSupervisor) => void;
  onEndAccess: (supervisor: TraineeSupervisor) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {hasAccess(supervisor) ? (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconUserOff size={16} aria-hidden />}
          aria-label={`End access for ${name}`}
          onClick={() => onEndAccess(supervisor)}
        >
          End access
        </Button>
      ) : (
        <RestoreAccessButton supervisor={supervisor} name={name} />
      )}
      <EditButton name={name} onClick={() => onEdit(supervisor)} />
    </Group>
  );
}

function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${name}`} onClick={onClick}>
      <IconPencil size={18} aria-hidden />
    </ActionIcon>
  );
}
