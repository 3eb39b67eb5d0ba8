import { useQuery } from '@tanstack/react-query';
import { SupervisorSummarySchema } from '../../../../shared/review/review.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

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
