import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ConsultationMeetingSchema,
  type ConsultationCreateRequest,
} from '../../../../shared/supervisors/qualification.schema';
import { apiRequest } from '../../../lib/api-client';
import { QUALIFICATION_KEYS } from './qualification-keys';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/consultations/: records one monthly consultation meeting. */
export function addConsultation(body: ConsultationCreateRequest) {
  return apiRequest(ConsultationMeetingSchema, '/api/v1/consultations/', { method: 'POST', body });
}

export function useAddConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addConsultation,
    // The forms' flags read the consultations too.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUALIFICATION_KEYS.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
    },
  });
}
