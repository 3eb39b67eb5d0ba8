import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { monthEnd, monthStart } from '../../../../shared/logs/time';
import { DatesResponseSchema } from '../../../../shared/review/review.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/get-dates/: each day of a range with the distinct statuses of its logs. */
export function getDates(range: { from: string; to: string }, signal?: AbortSignal) {
  return apiRequest(DatesResponseSchema, '/api/v1/get-dates/', {
    query: { start_date: range.from, end_date: range.to },
    signal,
  });
}

/** The calendar's dots for a month 'YYYY-MM'; the previous month's stay while the next loads. */
export function useCalendarDates(month: string) {
  const range = { from: monthStart(month), to: monthEnd(month) };
  return useQuery({
    queryKey: queryKeys.review.dates(range),
    queryFn: ({ signal }) => getDates(range, signal),
    placeholderData: keepPreviousData,
  });
}
