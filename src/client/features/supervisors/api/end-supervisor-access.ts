import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TraineeSupervisorSchema } from '../../../../shared/supervisors/trainee-supervisor.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/trainee-supervisors/{id}/end-access/: the supervisor no longer sees the trainee;
 * every record naming them stays (409 when it had already ended).
 */
export function endSupervisorAccess(id: number) {
  return apiRequest(TraineeSupervisorSchema, `/api/v1/trainee-supervisors/${id}/end-access/`, {
    method: 'POST',
  });
}

export function useEndSupervisorAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSupervisorAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supervisors.all }),
  });
}
