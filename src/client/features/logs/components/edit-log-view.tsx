import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteLog } from '../api/delete-log';
import { useLog } from '../api/get-log';
import { useUpdateLog } from '../api/update-log';
import { LogForm } from './log-form';
import { valuesFromLog } from './log-form-values';
import { LogHistory } from './log-history';
import { statusBadgeProps } from './log-summary';
import { RecentlyDeleted } from './recently-deleted';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { OfflineState } from '../../../components/offline';
import { isWaitingForConnection } from '../../../lib/connection';

type EditLogViewProps = {
  logId: number;
  supervisors: SupervisorChoices;
  /** After a delete (and its toast): where the trainee goes next is the page's choice. */
  onDeleted: (log: ExperienceLog) => void;
};

/** /student/editLogHour/{id}: the entry prefilled, Save and Delete, and its history. */
export function EditLogView({ logId, supervisors, onDeleted }: EditLogViewProps) {
  const log = useLog(logId);

  if (isWaitingForConnection(log)) return <OfflineState />;
  if (log.isPending) return <EditLogSkeleton />;
  if (log.isError) {
    if (log.error instanceof ApiError && log.error.status === 404) {
      return (
        <Stack gap="md">
          <Title order={1} size="h2">
            Edit Log
          </Title>
          <Paper withBorder p="lg">
            <EmptyState
              title="This entry was not found"
              action={
                <Button component={Link} to="/student/logHour" variant="light">
                  Log experience hours
                </Button>
              }
            >
              It may have been deleted. Entries deleted in the last 30 days can be restored below.
            </EmptyState>
          </Paper>
          <RecentlyDeleted />
        </Stack>
      );
    }
    return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  }
  return <EditLogContent log={log.data} supervisors={supervisors} onDeleted={onDeleted} />;
}

function EditLogContent({
  log,
  supervisors,
  onDeleted,
}: {
  log: ExperienceLog;
  supervisors: SupervisorChoices;
  onDeleted: (log: ExperienceLog) => void;
}) {
  const updateLog = useUpdateLog();
  const deleteLog = useDeleteLog();
  const isApproved = log.status === 'approved';
  const supervisorName = (id: number) =>
    supervisors.options.find((option) => option.value === String(id))?.label ??
    (id === log.supervisor ? log.supervisor_name : undefined);

  const confirmDelete = () =>
    openConfirmModal({
      title: 'Delete this entry?',
      children: <Text size="sm">Are you sure you want to delete?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteLog.mutateAsync(log.id);
          notifySuccess('Successfully deleted!');
          onDeleted(log);
        } catch (error) {
          notifyError(error instanceof ApiError ? error.message : 'Failed to delete!');
        }
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Edit Log
          </Title>
          <Text c="dimmed" size="sm">
            {formatUsDate(log.date_of_experience)}, {log.time_of_expereince_start}–
            {log.time_of_expereince_end}
            {log.supervisor_name ? ` · ${log.supervisor_name}` : ''}
          </Text>
        </div>
        <Badge {...statusBadgeProps(log.status)} size="lg">
          {log.status}
        </Badge>
      </Group>
      {isApproved ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock aria-hidden />}
          title="Approved and locked"
        >
          Your supervisor approved this log, so it can no longer be changed or deleted. Ask your
          supervisor to reopen it if it needs a change.
        </Alert>
      ) : null}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <LogForm
          // A saved change comes back from the server: the form starts over from it.
          key={log.id}
          initialValues={valuesFromLog(log)}
          supervisors={supervisors}
          isNewEntry={false}
          isReadOnly={isApproved}
          onSave={async (payload) => {
            const saved = await updateLog.mutateAsync({ id: log.id, body: payload });
            notifySuccess('Successfully updated!');
            return valuesFromLog(saved);
          }}
          extraActions={
            isApproved ? null : (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={confirmDelete}
              >
                Delete
              </Button>
            )
          }
        />
      </Paper>
      <LogHistory logId={log.id} supervisorName={supervisorName} />
    </Stack>
  );
}

/** The edit screen's shape while the entry loads: title, then rows of labelled fields. */
function EditLogSkeleton() {
  const field = (key: number) => (
    <Stack gap={6} key={key}>
      <Skeleton height={14} width="50%" />
      <Skeleton height={36} />
    </Stack>
  );
  return (
    <Stack gap="md" role="status" aria-label="Loading the entry">
      <Stack gap={6}>
        <Skeleton height={32} width={160} />
        <Skeleton height={16} width={240} />
      </Stack>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{[0, 1].map(field)}</SimpleGrid>
          {field(2)}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>{[3, 4, 5].map(field)}</SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>{[6, 7, 8].map(field)}</SimpleGrid>
          {field(9)}
          <Skeleton height={80} />
        </Stack>
      </Paper>
    </Stack>
  );
}
