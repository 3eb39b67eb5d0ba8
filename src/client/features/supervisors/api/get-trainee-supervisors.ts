import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TraineeSupervisorSchema } from '../../../../shared/supervisors/trainee-supervisor.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/trainee-supervisors/: the trainee's own supervisor records. */
export const TraineeSupervisorListSchema = z.object({ results: z.array(TraineeSupervisorSchema) });

export async function getTraineeSupervisors(signal?: AbortSignal) {
  const response = await apiRequest(TraineeSupervisorListSchema, '/api/v1/trainee-supervisors/', {
    signal,
  });
  return response.results;
}

export function useTraineeSupervisors() {
  return useQuery({
    queryKey: queryKeys.supervisors.all,
    queryFn: ({ signal }) => getTraineeSupervisors(signal),
  });
}
