import { useQuery } from '@tanstack/react-query';
import { monthEnd, monthStart } from '../../../../shared/logs/time';
import { AccruedResponseSchema } from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { localToday } from '../../../lib/local-date';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/get-accrued/?u_id=: a linked trainee's totals, all time and of a date range. */
export function getTraineeAccrued(
  traineeId: number,
  range: { from: string; to: string },
  signal?: AbortSignal,
) {
  return apiRequest(AccruedResponseSchema, '/api/v1/get-accrued/', {
    query: { u_id: traineeId, from_date: range.from, to_date: range.to },
    signal,
  });
}

/** A trainee's Total and Month to Date (`weekly`) figures (the supervisor's calendar month). */
export function useTraineeAccrued(traineeId: number) {
  const today = localToday();
  const range = { from: monthStart(today), to: monthEnd(today) };
  return useQuery({
    queryKey: queryKeys.review.accrued(traineeId, range),
    queryFn: ({ signal }) => getTraineeAccrued(traineeId, range, signal),
  });
}
