import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogStatus } from '../../../../shared/logs/log-entry.schema';
import { z } from 'zod';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { queryKeys } from '../../../lib/query-keys';
import { fetchAllPages, fetchPage } from '../../../lib/pages';

/** An unpaginated list of logs (GET /api/v1/experience-log/deleted/). */
export const LogListSchema = z.object({ results: z.array(ExperienceLogSchema) });

/** The filters of GET /api/v1/experience-log/ a trainee uses: a month, a status, a task. */
export type LogFilters = {
  month?: string;
  status?: LogStatus;
  task?: string;
};

const LIST_PATH = '/api/v1/experience-log/';
const queryOf = (filters: LogFilters) => ({
  month: filters.month,
  status: filters.status,
  task: filters.task,
});

/** Every log of a short list (a month's, the flagged ones), newest first, page after page. */
export function getLogs(filters: LogFilters, signal?: AbortSignal) {
  return fetchAllPages(ExperienceLogSchema, LIST_PATH, queryOf(filters), signal);
}

/** GET /api/v1/experience-log/?month=YYYY-MM: the trainee's logs of a month, all of them. */
export function useMonthLogs(month: string) {
  return useAllLogs({ month });
}

export function useAllLogs(filters: LogFilters) {
  return useQuery({
    queryKey: queryKeys.logs.list(filters),
    queryFn: ({ signal }) => getLogs(filters, signal),
  });
}

/**
 * One page of the trainee's logs (for lists of any length, such as every log of all time): the
 * page's logs and how many there are in all. The last page stays on screen while the next loads.
 */
export function useLogsPage(filters: LogFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.logs.page(filters, page),
    queryFn: ({ signal }) =>
      fetchPage(ExperienceLogSchema, LIST_PATH, queryOf(filters), page, signal),
    placeholderData: keepPreviousData,
  });
}
