import '../app/styles/components.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PAYWALL_MESSAGES } from '../../shared/billing/access';
import { useSession } from '../lib/session';
import type { ExpiredAccess } from './expired-access';

/**
 * SPEC §2/§4: the trial- or subscription-expired dialog. Continue goes to /subscription; Back
 * signs out, goes to / and reloads. It cannot be dismissed any other way.
 */
export function ExpiredDialog({ access }: { access: ExpiredAccess | null }) {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [isLeaving, setIsLeaving] = useState(false);

  const back = async () => {
    setIsLeaving(true);
    await signOut();
    await navigate('/', { replace: true });
    window.location.reload();
  };

  return (
    <Modal
      opened={access !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Subscription needed"
    >
      <Text>{access ? PAYWALL_MESSAGES[access] : null}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        Your logs are kept; choose a plan to keep adding to them.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => void back()} loading={isLeaving}>
          Back
        </Button>
        <Button onClick={() => void navigate('/subscription')} data-autofocus>
          Continue
        </Button>
      </Group>
    </Modal>
  );
}
