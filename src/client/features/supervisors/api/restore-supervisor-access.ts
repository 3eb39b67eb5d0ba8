import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TraineeSupervisorSchema } from '../../../../shared/supervisors/trainee-supervisor.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/trainee-supervisors/{id}/restore-access/: gives back the access the trainee ended
 * (issue 36), at once; 409 when it had not ended.
 */
export function restoreSupervisorAccess(id: number) {
  return apiRequest(TraineeSupervisorSchema, `/api/v1/trainee-supervisors/${id}/restore-access/`, {
    method: 'POST',
  });
}

export function useRestoreSupervisorAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSupervisorAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supervisors.all }),
  });
}
