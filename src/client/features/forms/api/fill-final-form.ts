import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FinalFormSchema,
  type FinalFormCreateRequest,
} from '../../../../shared/forms/final-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/final-forms/: fills the F-FVF for a supervisor and period (trainee only). */
export function fillFinalForm(body: FinalFormCreateRequest) {
  return apiRequest(FinalFormSchema, '/api/v1/final-forms/', { method: 'POST', body });
}

export function useFillFinalForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillFinalForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forms.all }),
  });
}
