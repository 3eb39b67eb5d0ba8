import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MonthFormSchema,
  type MonthFormSignRequest,
} from '../../../../shared/forms/month-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/month-forms/{id}/sign/: the asker's role decides which party signs. A form signed
 * by both becomes the month's M-FVF record, so the uploaded forms are refreshed too.
 */
export function signMonthForm({ id, ...body }: MonthFormSignRequest & { id: number }) {
  return apiRequest(MonthFormSchema, `/api/v1/month-forms/${id}/sign/`, { method: 'POST', body });
}

export function useSignMonthForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signMonthForm,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.files.all });
    },
  });
}
