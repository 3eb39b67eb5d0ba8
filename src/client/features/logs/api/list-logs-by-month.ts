import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { LogListSchema } from './get-logs';

/**
 * GET /api/v1/experience-log/[?month=YYYY-MM]: the trainee's logs of one month, or of all time
 * when `month` is null (the monthly document's overall view).
 */
export async function listLogsByMonth(month: string | null, signal?: AbortSignal) {
  const response = await apiRequest(LogListSchema, '/api/v1/experience-log/', {
    query: { month: month ?? undefined },
    signal,
  });
  return response.results;
}

export function useLogsByMonth(month: string | null) {
  return useQuery({
    queryKey: queryKeys.logs.list(month ? { month } : {}),
    queryFn: ({ signal }) => listLogsByMonth(month, signal),
    placeholderData: (previous) => previous,
  });
}
