import { useLogs } from '../../../lib/experience-logs';

// The trainee's lists of logs are GET /api/v1/experience-log/, read in one place for both sides.
export { useLogsPage, type LogListFilters as LogFilters } from '../../../lib/experience-logs';

/** GET /api/v1/experience-log/?month=YYYY-MM: the trainee's logs of a month, all of them. */
export function useMonthLogs(month: string) {
  return useLogs({ month });
}

export { useLogs as useAllLogs };
