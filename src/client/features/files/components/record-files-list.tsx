import { Stack, Text, Title } from '@mantine/core';
import type { RecordFile } from '../../../../shared/files/record-file.schema';
import { formatMonthYear } from '../../../../shared/logs/time';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { useRecordFiles } from '../api/get-record-files';
import { RecordFileRow, type RecordFileActions } from './record-file-row';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

function FileList({ files, actions }: { files: RecordFile[]; actions?: RecordFileActions }) {
  return (
    <Stack gap={0} component="ul" style={listStyle}>
      {files.map((file) => (
        <RecordFileRow key={file.id} file={file} actions={actions} />
      ))}
    </Stack>
  );
}

/**
 * A trainee's uploaded forms: monthly ones under their month (newest first), then final ones.
 * The trainee's own list (no `traineeId`) may carry edit and delete; a supervisor's is read-only.
 */
export function RecordFilesList({
  traineeId = null,
  actions,
  emptyText,
}: {
  traineeId?: number | null;
  actions?: RecordFileActions;
  emptyText: string;
}) {
  const files = useRecordFiles(traineeId);

  if (files.isPending) return <LoadingState rows={4} label="Loading the forms" />;
  if (files.isError) {
    return <ErrorState error={files.error} onRetry={() => void files.refetch()} />;
  }
  const { monthly_form: months, final_form: finals } = files.data;
  if (months.length === 0 && finals.length === 0) {
    return <EmptyState title="No forms uploaded yet">{emptyText}</EmptyState>;
  }
  return (
    <Stack gap="lg">
      <section aria-label="Monthly forms (M-FVF)">
        <Title order={3} size="h5" mb="xs">
          Monthly forms (M-FVF)
        </Title>
        {months.length === 0 ? (
          <Text size="sm" c="dimmed">
            No monthly forms yet.
          </Text>
        ) : (
          <Stack gap="md">
            {months.map((group) => (
              <section key={group.month} aria-label={formatMonthYear(group.month)}>
                <Title order={4} size="h6" c="dimmed">
                  {formatMonthYear(group.month)}
                </Title>
                <FileList files={group.files} actions={actions} />
              </section>
            ))}
          </Stack>
        )}
      </section>
      <section aria-label="Final forms (F-FVF)">
        <Title order={3} size="h5" mb="xs">
          Final forms (F-FVF)
        </Title>
        {finals.length === 0 ? (
          <Text size="sm" c="dimmed">
            No final form yet.
          </Text>
        ) : (
          <FileList files={finals} actions={actions} />
        )}
      </section>
    </Stack>
  );
}
