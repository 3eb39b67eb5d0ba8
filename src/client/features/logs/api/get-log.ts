import { useQuery } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/experience-log/{id}/: one of the trainee's logs (404 for anyone else's). */
export function getLog(id: number, signal?: AbortSignal) {
  return apiRequest(ExperienceLogSchema, `/api/v1/experience-log/${id}/`, { signal });
}

export function useLog(id: number) {
  return useQuery({
    queryKey: queryKeys.logs.detail(id),
    queryFn: ({ signal }) => getLog(id, signal),
  });
}
