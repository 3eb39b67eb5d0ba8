import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecordFileSchema } from '../../../../shared/files/record-file.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/upload-record/{id}/restore/: brings back a recently deleted form. */
export function restoreRecordFile(id: number) {
  return apiRequest(RecordFileSchema, `/api/v1/upload-record/${id}/restore/`, { method: 'POST' });
}

export function useRestoreRecordFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRecordFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.files.all }),
  });
}
