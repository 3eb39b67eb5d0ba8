import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlanResponseSchema, type PlanSettings } from '../../../../shared/plan/plan.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { PLAN_KEY } from './get-plan';

/** PUT /api/v1/plan/: saves the finish date and fieldwork types; answers with the new plan. */
export function savePlan(body: PlanSettings) {
  return apiRequest(PlanResponseSchema, '/api/v1/plan/', { method: 'PUT', body });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: (saved) => {
      queryClient.setQueryData(PLAN_KEY, saved);
      // The finish date decides the standards: every figure read by them follows at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress.all });
    },
  });
}
