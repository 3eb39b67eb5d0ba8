import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { LogListSchema } from '../../../../shared/logs/experience-log.schema';

/** GET /api/v1/experience-log/deleted/: logs deleted in the last 30 days, still recoverable. */
export async function getDeletedLogs(signal?: AbortSignal) {
  const response = await apiRequest(LogListSchema, '/api/v1/experience-log/deleted/', { signal });
  return response.results;
}

export function useDeletedLogs() {
  return useQuery({
    queryKey: queryKeys.logs.deleted,
    queryFn: ({ signal }) => getDeletedLogs(signal),
  });
}
