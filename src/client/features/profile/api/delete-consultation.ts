import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { QUALIFICATION_KEYS } from './qualification-keys';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/consultations/{id}/: removes one of the supervisor's own meetings. */
export function deleteConsultation(id: number) {
  return apiRequest(z.undefined(), `/api/v1/consultations/${id}/`, { method: 'DELETE' });
}

export function useDeleteConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConsultation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUALIFICATION_KEYS.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
    },
  });
}
