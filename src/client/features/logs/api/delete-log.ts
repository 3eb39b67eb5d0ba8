import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateAfterLogChange } from '../../../lib/invalidate-logs';

/** DELETE /api/v1/experience-log/{id}/: 204; the log stays recoverable for 30 days. */
export function deleteLog(id: number) {
  return apiRequest(z.undefined(), `/api/v1/experience-log/${id}/`, { method: 'DELETE' });
}

export function useDeleteLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLog,
    onSuccess: (_result, id) => {
      // The deleted log's own page must not refetch it (it would answer 404).
      queryClient.removeQueries({ queryKey: queryKeys.logs.detail(id) });
      queryClient.removeQueries({ queryKey: queryKeys.logs.history(id) });
      return invalidateAfterLogChange(queryClient);
    },
  });
}
