import { useQuery } from '@tanstack/react-query';
import { PlanResponseSchema } from '../../../../shared/plan/plan.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The plan's query key, under the progress keys: a saved, edited or deleted log refreshes
 * progress, and with it the plan.
 */
export const PLAN_KEY = [...queryKeys.progress.all, 'plan'] as const;

/** GET /api/v1/plan/: the trainee's finish date, fieldwork types and plan. */
export function getPlan(signal?: AbortSignal) {
  return apiRequest(PlanResponseSchema, '/api/v1/plan/', { signal });
}

export function usePlan() {
  return useQuery({ queryKey: PLAN_KEY, queryFn: ({ signal }) => getPlan(signal) });
}
