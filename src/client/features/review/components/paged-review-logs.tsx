import { useState } from 'react';
import { useServerPaging } from '../../../components/list-pages';
import { useReviewLogsPage, type ReviewLogFilters } from '../api/list-logs';
import { ReviewLogsTable } from './review-logs-table';

/**
 * The supervisor's logs matching `filters`, a server page at a time (a list of any length, such
 * as every pending log). Give it a `key` of the filters: another list starts on its first page.
 */
export function PagedReviewLogs({
  filters,
  labelledBy,
  emptyText,
  showDate = false,
}: {
  filters: ReviewLogFilters;
  labelledBy: string;
  emptyText: string;
  showDate?: boolean;
}) {
  const [page, setPage] = useState(1);
  const logs = useReviewLogsPage(filters, page);
  const paging = useServerPaging(page, setPage, logs);
  return (
    <ReviewLogsTable
      logs={logs.data?.results}
      error={logs.error}
      onRetry={() => void logs.refetch()}
      labelledBy={labelledBy}
      emptyText={emptyText}
      showDate={showDate}
      paging={paging}
    />
  );
}
