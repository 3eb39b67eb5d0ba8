import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExperienceLogSchema, LogHistoryListSchema } from '../../shared/logs/experience-log.schema';
import type { LogStatus } from '../../shared/logs/log-entry.schema';
import { apiRequest } from './api-client';
import { fetchAllPages, fetchPage } from './pages';
import { queryKeys } from './query-keys';

/*
 * GET /api/v1/experience-log/, the one list of logs, and a log's history: a trainee's own, or a
 * supervisor's (the logs of linked, not removed trainees). The server scopes them by who asks;
 * the logs and review features both read them from here, under one family of cache keys
 * (`queryKeys.logs`).
 */

/** The list's filters, every one optional; `traineeId` is a supervisor's (u_id). */
export type LogListFilters = {
  status?: LogStatus;
  month?: string;
  date?: string;
  traineeId?: number;
  task?: string;
};

const LIST_PATH = '/api/v1/experience-log/';
const queryOf = (filters: LogListFilters) => ({
  status: filters.status,
  month: filters.month,
  date_of_experience: filters.date,
  u_id: filters.traineeId,
  task: filters.task,
});

/** Every log of a short list (a month's, a day's, the flagged ones), page after page. */
export function listLogs(filters: LogListFilters, signal?: AbortSignal) {
  return fetchAllPages(ExperienceLogSchema, LIST_PATH, queryOf(filters), signal);
}

/** The query of a whole list, for hooks and for a one-off fetch (before a bulk approval). */
export function logsQuery(filters: LogListFilters) {
  return {
    queryKey: queryKeys.logs.list(filters),
    queryFn: ({ signal }: { signal?: AbortSignal }) => listLogs(filters, signal),
  };
}

export function useLogs(filters: LogListFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...logsQuery(filters), enabled: options.enabled ?? true });
}

/**
 * One page of a list of any length (every log of all time, every pending log): the page's logs
 * and how many there are in all. The last page stays on screen while the next loads.
 */
export function useLogsPage(
  filters: LogListFilters,
  page: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.logs.page(filters, page),
    queryFn: ({ signal }) =>
      fetchPage(ExperienceLogSchema, LIST_PATH, queryOf(filters), page, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * GET /api/v1/experience-log/{id}/history/: who changed what, and when; the trainee's own log, or
 * a linked trainee's for a supervisor (404 otherwise). A review action refreshes it with the
 * other log queries (`invalidateReview`).
 */
export async function getLogHistory(id: number, signal?: AbortSignal) {
  const path = `/api/v1/experience-log/${id}/history/`;
  return (await apiRequest(LogHistoryListSchema, path, { signal })).results;
}

export function useLogHistory(id: number) {
  return useQuery({
    queryKey: queryKeys.logs.history(id),
    queryFn: ({ signal }) => getLogHistory(id, signal),
  });
}
