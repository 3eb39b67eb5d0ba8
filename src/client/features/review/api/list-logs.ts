import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogStatus } from '../../../../shared/logs/log-entry.schema';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { fetchAllPages, fetchPage } from '../../../lib/pages';
import { queryKeys } from '../../../lib/query-keys';

/** Which of the supervisor's logs to list (every filter optional). */
export type ReviewLogFilters = {
  status?: LogStatus;
  month?: string;
  date?: string;
  traineeId?: number;
  task?: string;
};

const LIST_PATH = '/api/v1/experience-log/';
const queryOf = (filters: ReviewLogFilters) => ({
  status: filters.status,
  month: filters.month,
  date_of_experience: filters.date,
  u_id: filters.traineeId,
  task: filters.task,
});

/**
 * GET /api/v1/experience-log/ as a supervisor: the logs of linked, not removed trainees, newest
 * first, by status, month, day, trainee or task; every page of a short list (a day's logs, a
 * month's pending logs).
 */
export function listReviewLogs(filters: ReviewLogFilters, signal?: AbortSignal) {
  return fetchAllPages(ExperienceLogSchema, LIST_PATH, queryOf(filters), signal);
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

/**
 * One page of the supervisor's logs, for lists of any length (every pending log): the page's
 * logs and how many there are in all. The last page stays on screen while the next loads.
 */
export function useReviewLogsPage(
  filters: ReviewLogFilters,
  page: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.review.logsPage(filters, page),
    queryFn: ({ signal }) =>
      fetchPage(ExperienceLogSchema, LIST_PATH, queryOf(filters), page, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
