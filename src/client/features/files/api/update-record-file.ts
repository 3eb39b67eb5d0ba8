import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecordFileSchema } from '../../../../shared/files/record-file.schema';
import { apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { recordFileFormData, type RecordFileSubmission } from './upload-record-file';

/** PATCH /api/v1/upload-record/{id}/ (multipart): edits a form, optionally with a new file. */
export function updateRecordFile({ id, ...submission }: RecordFileSubmission & { id: number }) {
  return apiUpload(RecordFileSchema, `/api/v1/upload-record/${id}/`, {
    method: 'PATCH',
    body: recordFileFormData(submission),
    onProgress: submission.onProgress,
  });
}

export function useUpdateRecordFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecordFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.files.all }),
  });
}
