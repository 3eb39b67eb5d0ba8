import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MonthStateSchema } from '../../../../shared/review/review.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const MonthStatesSchema = z.object({ results: z.array(MonthStateSchema) });

/**
 * GET /api/v1/month-signoff/: each month with logs, newest first, with its counts and sign-off
 * state. A supervisor names the trainee (u_id); a trainee reads their own (null).
 */
export async function getMonthStates(traineeId: number | null, signal?: AbortSignal) {
  const response = await apiRequest(MonthStatesSchema, '/api/v1/month-signoff/', {
    query: { u_id: traineeId ?? undefined },
    signal,
  });
  return response.results;
}

export function useMonthStates(traineeId: number | null) {
  return useQuery({
    queryKey: queryKeys.review.months(traineeId),
    queryFn: ({ signal }) => getMonthStates(traineeId, signal),
  });
}
