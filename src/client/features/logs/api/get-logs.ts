import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/experience-log/?month=YYYY-MM: the trainee's logs of a month. */
export const LogListSchema = z.object({ results: z.array(ExperienceLogSchema) });

export async function getLogs(month: string, signal?: AbortSignal) {
  const response = await apiRequest(LogListSchema, '/api/v1/experience-log/', {
    query: { month },
    signal,
  });
  return response.results;
}

export function useMonthLogs(month: string) {
  return useQuery({
    queryKey: queryKeys.logs.list({ month }),
    queryFn: ({ signal }) => getLogs(month, signal),
  });
}
