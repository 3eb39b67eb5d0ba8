import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/upload-record/{id}/: 204; the form stays recoverable for 30 days. */
export function deleteRecordFile(id: number) {
  return apiRequest(z.undefined(), `/api/v1/upload-record/${id}/`, { method: 'DELETE' });
}

export function useDeleteRecordFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecordFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.files.all }),
  });
}
