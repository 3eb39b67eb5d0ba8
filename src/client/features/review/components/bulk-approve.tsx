import { Button, List, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { IconChecks } from '@tabler/icons-react';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useApproveLogs } from '../api/approve-logs';
import { reportReviewError } from './review-errors';
import { logLine } from './review-model';
import { APPROVE_COLOR } from './review-colors';

/** One trainee's pending logs, as the supervisor is shown them before approving them all. */
export type ApprovalBatch = {
  traineeId: number;
  traineeName: string;
  logs: readonly ExperienceLog[];
  /** 'of this day', 'of March 2026'. */
  scope: string;
};

/** The hook behind "Approve all pending logs …": the dialog lists them, confirming approves them. */
export function useBulkApproval() {
  const approveLogs = useApproveLogs();

  const approve = async (batch: ApprovalBatch) => {
    try {
      const result = await approveLogs.mutateAsync({
        traineeId: batch.traineeId,
        logIds: batch.logs.map((log) => log.id),
      });
      notifySuccess('Successfully approved!');
      if (result.skipped.length > 0) {
        const count = result.skipped.length;
        notifyInfo(
          `${count} log${count === 1 ? ' was' : 's were'} changed meanwhile and left as ${count === 1 ? 'it is' : 'they are'}.`,
        );
      }
    } catch (error) {
      reportReviewError(error);
    }
  };

  /** Shows the logs first (SPEC: bulk approval after seeing them); approves on confirmation. */
  const confirm = (batch: ApprovalBatch) =>
    openConfirmModal({
      title: `Approve ${batch.traineeName}’s pending logs ${batch.scope}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {batch.logs.length === 1
              ? 'This pending log will be approved:'
              : `These ${batch.logs.length} pending logs will be approved, each with its own history entry:`}
          </Text>
          <List size="sm" spacing={4} mah={320} style={{ overflowY: 'auto' }}>
            {batch.logs.map((log) => (
              <List.Item key={log.id}>
                {logLine(log)}
                {log.task.length > 0 ? ` · ${log.task.map((task) => task.id).join(', ')}` : ''}
              </List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: {
        confirm: batch.logs.length === 1 ? 'Approve 1 log' : `Approve ${batch.logs.length} logs`,
        cancel: 'Cancel',
      },
      confirmProps: { color: APPROVE_COLOR },
      onConfirm: () => void approve(batch),
    });

  return { confirm, isPending: approveLogs.isPending };
}

/** "Approve all pending logs of this day" (or month) for one trainee. */
export function ApproveAllButton({ batch, label }: { batch: ApprovalBatch; label: string }) {
  const { confirm, isPending } = useBulkApproval();
  return (
    <Button
      size="xs"
      variant="outline"
      color={APPROVE_COLOR}
      leftSection={<IconChecks size={16} aria-hidden />}
      loading={isPending}
      onClick={() => confirm(batch)}
    >
      {label}
    </Button>
  );
}
