import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LogHistoryEntrySchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/experience-log/{id}/history/: who changed what, and when. */
export const LogHistorySchema = z.object({ results: z.array(LogHistoryEntrySchema) });

export async function getLogHistory(id: number, signal?: AbortSignal) {
  const response = await apiRequest(LogHistorySchema, `/api/v1/experience-log/${id}/history/`, {
    signal,
  });
  return response.results;
}

export function useLogHistory(id: number) {
  return useQuery({
    queryKey: queryKeys.logs.history(id),
    queryFn: ({ signal }) => getLogHistory(id, signal),
  });
}
