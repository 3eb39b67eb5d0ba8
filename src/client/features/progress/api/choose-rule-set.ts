import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RuleSetChoiceSchema,
  type RuleSetChoice,
} from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/rule-set/: the trainee's standards; null returns to the default by date. */
export function chooseRuleSet(body: RuleSetChoice) {
  return apiRequest(RuleSetChoiceSchema, '/api/v1/rule-set/', { method: 'PUT', body });
}

export function useChooseRuleSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseRuleSet,
    // The month checks follow the chosen set at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.progress.all }),
  });
}
