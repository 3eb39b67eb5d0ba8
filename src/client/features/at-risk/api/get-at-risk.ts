import { useQuery } from '@tanstack/react-query';
import { AtRiskSchema } from '../../../../shared/at-risk/at-risk.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/at-risk/: the linked trainees' current month, at-risk first, and unsigned forms. */
export function getAtRisk(signal?: AbortSignal) {
  return apiRequest(AtRiskSchema, '/api/v1/at-risk/', { signal });
}

export function useAtRisk() {
  return useQuery({
    queryKey: queryKeys.review.atRisk,
    queryFn: ({ signal }) => getAtRisk(signal),
  });
}
