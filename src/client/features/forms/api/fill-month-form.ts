import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MonthFormSchema,
  type MonthFormCreateRequest,
} from '../../../../shared/forms/month-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/month-forms/: fills the month's official form from the logs (trainee only). */
export function fillMonthForm(body: MonthFormCreateRequest) {
  return apiRequest(MonthFormSchema, '/api/v1/month-forms/', { method: 'POST', body });
}

export function useFillMonthForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillMonthForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forms.all }),
  });
}
