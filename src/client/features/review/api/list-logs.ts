// The supervisor's lists of logs are GET /api/v1/experience-log/, read in one place for both sides.
export {
  logsQuery as reviewLogsQuery,
  useLogs as useReviewLogs,
  useLogsPage as useReviewLogsPage,
  type LogListFilters as ReviewLogFilters,
} from '../../../lib/experience-logs';
