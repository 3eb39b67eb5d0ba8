import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecordFileSchema } from '../../../../shared/files/record-file.schema';
import { apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The upload form as sent: its fields in the contract's names (SPEC §7), and its file. */
export type RecordFileSubmission = {
  fields: Record<string, string>;
  /** The form's file; an edit may send none and keep the stored one. */
  document: File | null;
  onProgress?: (fraction: number) => void;
};

/** The multipart body of `upload-record`: the fields first, then the one file. */
export function recordFileFormData({ fields, document }: RecordFileSubmission): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (document) body.append('document', document, document.name);
  return body;
}

/** POST /api/v1/upload-record/ (multipart): stores a signed M-FVF or F-FVF. */
export function uploadRecordFile(submission: RecordFileSubmission) {
  return apiUpload(RecordFileSchema, '/api/v1/upload-record/', {
    body: recordFileFormData(submission),
    onProgress: submission.onProgress,
  });
}

export function useUploadRecordFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRecordFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.files.all }),
  });
}
