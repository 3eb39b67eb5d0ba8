import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TraineeSupervisorSchema,
  type TraineeSupervisorInput,
} from '../../../../shared/supervisors/trainee-supervisor.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/trainee-supervisors/: adds a supervisor (linked at once if they have an account). */
export function createTraineeSupervisor(body: TraineeSupervisorInput) {
  return apiRequest(TraineeSupervisorSchema, '/api/v1/trainee-supervisors/', {
    method: 'POST',
    body,
  });
}

export function useCreateTraineeSupervisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTraineeSupervisor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supervisors.all }),
  });
}
