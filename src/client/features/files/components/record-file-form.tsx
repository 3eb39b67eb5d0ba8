import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { localToday } from '../../../lib/local-date';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateRecordFile } from '../api/update-record-file';
import { useUploadRecordFile } from '../api/upload-record-file';
import { RecordFileFields } from './record-file-fields';
import {
  RECORD_FORM_FIELDS,
  recordFormDefaults,
  recordFormResolver,
  toRecordFields,
  type RecordFormValues,
  type RecordModalRequest,
} from './record-form-values';

/** The upload modal's form (record-file-modal.tsx loads it when the modal opens). */
export default function RecordFileForm({
  request,
  supervisors,
  onBusy,
  onDone,
}: {
  request: RecordModalRequest;
  supervisors: SupervisorChoices;
  onBusy: (isBusy: boolean) => void;
  onDone: () => void;
}) {
  const isEdit = request.mode === 'edit';
  const upload = useUploadRecordFile();
  const update = useUpdateRecordFile();
  const [progress, setProgress] = useState<number | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<RecordFormValues>({
    resolver: recordFormResolver(!isEdit),
    defaultValues: recordFormDefaults(
      request,
      localToday().slice(0, 7),
      supervisors.options.map((option) => option.value),
    ),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    onBusy(true);
    setProgress(values.document ? 0 : null);
    const submission = {
      fields: toRecordFields(values),
      document: values.document,
      onProgress: setProgress,
    };
    try {
      if (request.mode === 'edit') {
        await update.mutateAsync({ id: request.file.id, ...submission });
        notifySuccess('Successfully updated!');
      } else {
        await upload.mutateAsync(submission);
        notifySuccess('Successfully submitted!');
      }
      onBusy(false);
      onDone();
    } catch (error) {
      // SPEC §8 (Files): each field error is toasted; it also stays under its field.
      setFormErrors(
        applyServerErrors(error, form.setError, RECORD_FORM_FIELDS, { toastEach: true }),
      );
      setProgress(null);
      onBusy(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorsAlert messages={formErrors} />
        <RecordFileFields
          form={form}
          supervisors={supervisors}
          stored={
            request.mode === 'edit'
              ? {
                  fileName: request.file.fileName,
                  month: request.file.month,
                  supervisor: String(request.file.supervisor ?? ''),
                  supervisorName: request.file.supervisor_name,
                }
              : null
          }
          isDisabled={isSubmitting}
        />
        {progress !== null ? (
          <Stack gap={4}>
            <Progress value={Math.round(progress * 100)} aria-label="Upload progress" />
            <Text size="xs" c="dimmed" aria-live="polite">
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the file…'}
            </Text>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isEdit ? 'Save Changes' : 'Upload Document'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
