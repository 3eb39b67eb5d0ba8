import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LogHistoryEntrySchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const LogHistorySchema = z.object({ results: z.array(LogHistoryEntrySchema) });

/**
 * GET /api/v1/experience-log/{id}/history/ as a supervisor: a linked trainee's log's history,
 * under a review key so that every approve, flag or reopen refreshes it (404 otherwise).
 */
export async function getReviewLogHistory(id: number, signal?: AbortSignal) {
  const response = await apiRequest(LogHistorySchema, `/api/v1/experience-log/${id}/history/`, {
    signal,
  });
  return response.results;
}

export function useReviewLogHistory(id: number) {
  return useQuery({
    queryKey: queryKeys.review.logHistory(id),
    queryFn: ({ signal }) => getReviewLogHistory(id, signal),
  });
}
