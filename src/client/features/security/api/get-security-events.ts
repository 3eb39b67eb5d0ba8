import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SecurityEventSchema } from '../../../../shared/security/security.schema';
import { fetchPage } from '../../../lib/pages';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/security-events/?page=: the person's security activity, newest first. */
export function getSecurityEvents(page: number, signal?: AbortSignal) {
  return fetchPage(SecurityEventSchema, '/api/v1/security-events/', {}, page, signal);
}

/** One page of it; the last page stays on screen while the next loads. */
export function useSecurityEvents(page: number) {
  return useQuery({
    queryKey: queryKeys.security.events(page),
    queryFn: ({ signal }) => getSecurityEvents(page, signal),
    placeholderData: keepPreviousData,
  });
}
