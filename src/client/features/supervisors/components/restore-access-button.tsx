import { Button, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import type { TraineeSupervisor } from '../../../../shared/supervisors/trainee-supervisor.schema';
import { ApiError } from '../../../lib/api-client';
import { openConfirmModal } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRestoreSupervisorAccess } from '../api/restore-supervisor-access';

/** Gives back an access the trainee ended, once they confirm (issue 36). */
export function RestoreAccessButton({
  supervisor,
  name,
}: {
  supervisor: TraineeSupervisor;
  name: string;
}) {
  const restore = useRestoreSupervisorAccess();
  const onConfirm = async () => {
    try {
      await restore.mutateAsync(supervisor.id);
      notifySuccess(`${name} has access to your records again.`);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'The access could not be restored.');
    }
  };
  const confirm = () =>
    openConfirmModal({
      title: `Give ${name} access again?`,
      children: (
        <Text size="sm">
          {name} will see your logs, months and forms again, as before you ended their access, and
          new logs can name them.
        </Text>
      ),
      labels: { confirm: 'Restore access', cancel: 'Cancel' },
      onConfirm: () => void onConfirm(),
    });
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconUserCheck size={16} aria-hidden />}
      aria-label={`Restore access for ${name}`}
      loading={restore.isPending}
      onClick={confirm}
    >
      Restore access
    </Button>
  );
}
