import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import {
  supervisorDisplayName,
  type TraineeSupervisor,
} from '../../../../shared/supervisors/trainee-supervisor.schema';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useEndSupervisorAccess } from '../api/end-supervisor-access';

/**
 * Confirms ending a supervisor's access (issue 27): says what stops and what is kept, since a
 * trainee must not fear that their audited records go with it.
 */
export function EndAccessDialog({
  supervisor,
  onClose,
}: {
  supervisor: TraineeSupervisor | null;
  onClose: () => void;
}) {
  const end = useEndSupervisorAccess();
  const name = supervisor ? supervisorDisplayName(supervisor) || supervisor.email : '';
  const close = () => {
    end.reset();
    onClose();
  };
  const onConfirm = async () => {
    if (!supervisor) return;
    try {
      await end.mutateAsync(supervisor.id);
      notifySuccess(`${name} no longer has access to your records.`);
      close();
    } catch {
      // Shown in the dialog below.
    }
  };
  const error = end.error
    ? end.error instanceof ApiError
      ? end.error.message
      : 'The access could not be ended. Try again.'
    : null;
  return (
    <Modal opened={supervisor !== null} onClose={close} title={`End ${name}’s access?`} centered>
      <Stack gap="md">
        <FormErrorsAlert messages={error ? [error] : []} />
        <Text size="sm">
          {name} will no longer see your logs, approve or sign them, sign off or reopen your months,
          or sign your forms. New logs cannot name them.
        </Text>
        <div>
          <Text size="sm" fw={600}>
            Nothing is deleted:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>your logs with {name}, with their approvals and history;</List.Item>
            <List.Item>the months they signed off and the forms they signed;</List.Item>
            <List.Item>this supervisor in your list, marked “Access ended”.</List.Item>
          </List>
        </div>
        <Text size="sm" c="dimmed">
          {name} keeps a copy of the forms they signed. Ended by mistake, the access can be given
          back from this list.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Keep access
          </Button>
          <Button color="red" onClick={() => void onConfirm()} loading={end.isPending}>
            End access
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
