import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const LogListSchema = z.object({ results: z.array(ExperienceLogSchema) });

/** Which of the supervisor's logs to list (every filter optional). */
export type ReviewLogFilters = {
  status?: 'pending' | 'approved' | 'flagged';
  month?: string;
  date?: string;
  traineeId?: number;
};

/**
 * GET /api/v1/experience-log/ as a supervisor: the logs of linked, not removed trainees, newest
 * first, by status, month, day or trainee.
 */
export async function listReviewLogs(filters: ReviewLogFilters, signal?: AbortSignal) {
  const response = await apiRequest(LogListSchema, '/api/v1/experience-log/', {
    query: {
      status: filters.status,
      month: filters.month,
      date_of_experience: filters.date,
      u_id: filters.traineeId,
    },
    signal,
  });
  return response.results;
}

/** The query of a filtered list, for hooks and for a one-off fetch before a bulk approval. */
export function reviewLogsQuery(filters: ReviewLogFilters) {
  return {
    queryKey: queryKeys.review.logs(filters),
    queryFn: ({ signal }: { signal?: AbortSignal }) => listReviewLogs(filters, signal),
  };
}

export function useReviewLogs(filters: ReviewLogFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewLogsQuery(filters), enabled: options.enabled ?? true });
}
