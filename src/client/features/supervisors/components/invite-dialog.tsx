import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import {
  supervisorAccountState,
  supervisorDisplayName,
  type TraineeSupervisor,
} from '../../../../shared/supervisors/trainee-supervisor.schema';
import { ApiError } from '../../../lib/api-client';
import { formatInstant } from '../../../lib/local-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSendInvitation } from '../api/send-invitation';

/**
 * 'Invite to tracker' for a supervisor without an account, and its dialog 'Invite Supervisor to
 * Tracker!' (SPEC §2); once invited, the date shows under the button, which can send it again.
 */
export function InviteButton({ supervisor }: { supervisor: TraineeSupervisor }) {
  const [isOpen, setIsOpen] = useState(false);
  const invite = useSendInvitation();
  const [error, setError] = useState<string | null>(null);
  const name = supervisorDisplayName(supervisor) || supervisor.email;
  const isInvited = supervisorAccountState(supervisor) === 'invited';

  const close = () => {
    setIsOpen(false);
    setError(null);
  };
  const send = () => {
    setError(null);
    invite.mutate(supervisor.email, {
      onSuccess: () => {
        notifySuccess('Invitation Sent!');
        close();
      },
      onError: (caught) => {
        const message =
          caught instanceof ApiError ? caught.messages.join(' ') : 'The invitation was not sent.';
        notifyError(message);
        setError(message);
      },
    });
  };

  return (
    <>
      <Stack gap={2} align="flex-start">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => setIsOpen(true)}
          aria-label={`Invite ${name} to tracker`}
        >
          Invite to tracker
        </Button>
        {isInvited && supervisor.invited_at ? (
          <Text size="xs" c="dimmed">
            Invited {formatInstant(supervisor.invited_at)}
          </Text>
        ) : null}
      </Stack>
      <Modal opened={isOpen} onClose={close} title="Invite Supervisor to Tracker!" centered>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            An invitation email will be sent to {supervisor.email}.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={send} loading={invite.isPending} data-autofocus>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
