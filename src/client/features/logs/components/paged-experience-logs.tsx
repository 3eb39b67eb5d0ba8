import { useState } from 'react';
import { useServerPaging } from '../../../components/list-pages';
import { useLogsPage, type LogFilters } from '../api/get-logs';
import { ExperienceLogsTable } from './experience-logs-table';

/**
 * The trainee's logs matching `filters`, a server page at a time (a list of any length, such as
 * every log of all time). Give it a `key` of the filters: another list starts on its first page.
 */
export function PagedExperienceLogs({
  filters,
  labelledBy,
  emptyText,
}: {
  filters: LogFilters;
  labelledBy: string;
  emptyText: string;
}) {
  const [page, setPage] = useState(1);
  const logs = useLogsPage(filters, page);
  const paging = useServerPaging(page, setPage, logs);
  return (
    <ExperienceLogsTable
      logs={logs.data?.results}
      error={logs.error}
      onRetry={() => void logs.refetch()}
      labelledBy={labelledBy}
      emptyText={emptyText}
      paging={paging}
    />
  );
}
