import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  TraineeSupervisorSchema,
  type TraineeSupervisorPatchSchema,
} from '../../../../shared/supervisors/trainee-supervisor.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type SupervisorPatch = { id: number; body: z.input<typeof TraineeSupervisorPatchSchema> };

/** PATCH /api/v1/trainee-supervisors/{id}/: name and, while there is no account, email. */
export function updateTraineeSupervisor({ id, body }: SupervisorPatch) {
  return apiRequest(TraineeSupervisorSchema, `/api/v1/trainee-supervisors/${id}/`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateTraineeSupervisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTraineeSupervisor,
    // Logs show the supervisor's name, so they are refreshed too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.supervisors.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.logs.all }),
      ]),
  });
}
