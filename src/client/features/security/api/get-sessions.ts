import { useQuery } from '@tanstack/react-query';
import { SessionListSchema } from '../../../../shared/security/security.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/sessions/: the signed-in person's live sessions, the current one marked. */
export async function getSessions(signal?: AbortSignal) {
  return (await apiRequest(SessionListSchema, '/api/v1/sessions/', { signal })).results;
}

export function useSessions() {
  return useQuery({
    queryKey: queryKeys.security.sessions,
    queryFn: ({ signal }) => getSessions(signal),
  });
}
