import { useQuery } from '@tanstack/react-query';
import { BadgesSchema } from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/badges-api/: each badge row's percentage of the goal, and overall progress. */
export function getBadges(signal?: AbortSignal) {
  return apiRequest(BadgesSchema, '/api/v1/badges-api/', { signal });
}

export function useBadges() {
  return useQuery({
    queryKey: queryKeys.progress.badges,
    queryFn: ({ signal }) => getBadges(signal),
  });
}
