import { useQuery } from '@tanstack/react-query';
import { AccruedResponseSchema } from '../../../../shared/progress/accrued.schema';
import { monthEnd, monthStart } from '../../../../shared/logs/time';
import { apiRequest } from '../../../lib/api-client';
import { localToday } from '../../../lib/local-date';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/get-accrued/: all-time totals and those of a date range. */
export function getAccrued(range: { from: string; to: string }, signal?: AbortSignal) {
  return apiRequest(AccruedResponseSchema, '/api/v1/get-accrued/', {
    query: { from_date: range.from, to_date: range.to },
    signal,
  });
}

/** The sidebar's totals: all time, and (`weekly`) the trainee's own calendar month to date. */
export function useAccrued() {
  const today = localToday();
  const range = { from: monthStart(today), to: monthEnd(today) };
  return useQuery({
    queryKey: queryKeys.progress.accrued(range),
    queryFn: ({ signal }) => getAccrued(range, signal),
  });
}
