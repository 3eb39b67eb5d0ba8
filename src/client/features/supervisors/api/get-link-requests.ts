import { useQuery } from '@tanstack/react-query';
import { LinkRequestListSchema } from '../../../../shared/supervisors/link-request.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/link-requests/: the trainees asking the signed-in supervisor to see them. */
export async function getLinkRequests(signal?: AbortSignal) {
  const response = await apiRequest(LinkRequestListSchema, '/api/v1/link-requests/', { signal });
  return response.results;
}

export function useLinkRequests() {
  return useQuery({
    queryKey: queryKeys.supervisors.linkRequests,
    queryFn: ({ signal }) => getLinkRequests(signal),
  });
}
