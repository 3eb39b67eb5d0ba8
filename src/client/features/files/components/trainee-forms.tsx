import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { RecordFile } from '../../../../shared/files/record-file.schema';
import { LOG_RECOVERY_DAYS } from '../../../../shared/logs/experience-log.schema';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteRecordFile } from '../api/delete-record-file';
import { RecordFileModal } from './record-file-modal';
import { RecordFilesList } from './record-files-list';
import type { RecordModalRequest } from './record-form-values';

/**
 * The trainee's forms on the Fieldwork Forms page: upload either kind, and download, edit or
 * delete each ('Delete this file?'; a deleted form can be restored for 30 days).
 */
export function TraineeForms({ supervisors }: { supervisors: SupervisorChoices }) {
  const [request, setRequest] = useState<RecordModalRequest | null>(null);
  const remove = useDeleteRecordFile();

  const confirmDelete = (file: RecordFile) =>
    openConfirmModal({
      title: 'Delete this file?',
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          “{file.title}” leaves your list. You can restore it for {LOG_RECOVERY_DAYS} days.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(file.id);
          notifySuccess('Successfully deleted!');
        } catch (error) {
          notifyError(error instanceof ApiError ? error.message : 'Failed to delete!');
        }
      },
    });

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="forms-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4" id="forms-title">
            Your forms
          </Title>
          <Group gap="xs">
            <Button
              leftSection={<IconFileUpload size={18} aria-hidden />}
              onClick={() => setRequest({ mode: 'create', formType: 'Monthly' })}
            >
              Upload M-FVF
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileUpload size={18} aria-hidden />}
              onClick={() => setRequest({ mode: 'create', formType: 'Final' })}
            >
              Upload F-FVF
            </Button>
          </Group>
        </Group>
        <RecordFilesList
          emptyText="Upload each month's signed M-FVF, and your F-FVF at the end, to keep them here."
          actions={{
            onEdit: (file) => setRequest({ mode: 'edit', file }),
            onDelete: confirmDelete,
          }}
        />
      </Stack>
      <RecordFileModal
        request={request}
        onClose={() => setRequest(null)}
        supervisors={supervisors}
      />
    </Paper>
  );
}
