import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * DELETE /api/v1/trainee-supervisors/{id}/: 204, or 409 `{ detail }` while logs name the
 * supervisor.
 */
export function deleteTraineeSupervisor(id: number) {
  return apiRequest(z.undefined(), `/api/v1/trainee-supervisors/${id}/`, { method: 'DELETE' });
}

export function useDeleteTraineeSupervisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTraineeSupervisor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supervisors.all }),
  });
}
