import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const SupervisorSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  trainees: z.number(),
  pending_logs: z.number(),
  flagged_logs: z.number(),
});
export type SupervisorSummary = z.infer<typeof SupervisorSummarySchema>;

/** GET /api/v1/get-supervisor/: the supervisor with their trainee and waiting-log counts. */
export function getSupervisor(signal?: AbortSignal) {
  return apiRequest(SupervisorSummarySchema, '/api/v1/get-supervisor/', { signal });
}

export function useSupervisorSummary() {
  return useQuery({
    queryKey: queryKeys.review.supervisor,
    queryFn: ({ signal }) => getSupervisor(signal),
  });
}
