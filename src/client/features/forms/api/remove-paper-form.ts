import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/month-forms/paper/{id}/: the trainee removes a paper form entered wrongly. */
export function removePaperForm(id: number) {
  return apiRequest(z.undefined(), `/api/v1/month-forms/paper/${id}/`, { method: 'DELETE' });
}

/** The form's hours are read again without it: forms, files and progress all refresh. */
export function useRemovePaperForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaperForm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.files.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.progress.all }),
      ]),
  });
}
