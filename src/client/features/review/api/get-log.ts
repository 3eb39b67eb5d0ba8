import { useQuery } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/experience-log/{id}/ as a supervisor: a linked trainee's log (404 otherwise). */
export function getReviewLog(id: number, signal?: AbortSignal) {
  return apiRequest(ExperienceLogSchema, `/api/v1/experience-log/${id}/`, { signal });
}

export function useReviewLog(id: number) {
  return useQuery({
    queryKey: queryKeys.review.log(id),
    queryFn: ({ signal }) => getReviewLog(id, signal),
  });
}
