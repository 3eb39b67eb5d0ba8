import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PaperFormSchema,
  type PaperFormAnswerRequest,
} from '../../../../shared/forms/paper-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/month-forms/paper/{id}/answer/: the supervisor the paper form names confirms
 * they signed it on its date, or rejects it saying why (issue 36).
 */
export function answerPaperForm({ id, ...body }: PaperFormAnswerRequest & { id: number }) {
  return apiRequest(PaperFormSchema, `/api/v1/month-forms/paper/${id}/answer/`, {
    method: 'POST',
    body,
  });
}

/**
 * A rejected form stops counting, a confirmed one signs the month off: the forms, every progress
 * figure, the months and the logs refresh.
 */
export function useAnswerPaperForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerPaperForm,
    onSuccess: () =>
      Promise.all(
        [queryKeys.forms.all, queryKeys.progress.all, queryKeys.review.all, queryKeys.logs.all].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
