import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FinalFormSchema, type FinalForm } from '../../../../shared/forms/final-form.schema';
import {
  MonthFormSchema,
  type MonthForm,
  type MonthFormSignRequest,
} from '../../../../shared/forms/month-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Which official form is signed: the month's M-FVF or the final F-FVF. */
export type SignedFormKind = 'monthly' | 'final';

/**
 * POST /api/v1/month-forms/{id}/sign/ and /api/v1/final-forms/{id}/sign/ (one signing rule for
 * both forms): the asker's role decides which party signs. A form signed by both becomes a
 * record file (the month's M-FVF, or a final form), so the uploaded forms are refreshed too.
 */
export function signForm({
  kind,
  id,
  ...body
}: MonthFormSignRequest & { kind: SignedFormKind; id: number }): Promise<MonthForm | FinalForm> {
  return kind === 'final'
    ? apiRequest(FinalFormSchema, `/api/v1/final-forms/${id}/sign/`, { method: 'POST', body })
    : apiRequest(MonthFormSchema, `/api/v1/month-forms/${id}/sign/`, { method: 'POST', body });
}

export function useSignForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signForm,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.files.all });
      // A supervisor's M-FVF signature signs the month off (issue 36): the months and logs lock.
      await queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.logs.all });
    },
  });
}
