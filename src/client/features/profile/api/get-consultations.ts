import { useQuery } from '@tanstack/react-query';
import { ConsultationsAnswerSchema } from '../../../../shared/supervisors/qualification.schema';
import { apiRequest } from '../../../lib/api-client';
import { QUALIFICATION_KEYS } from './qualification-keys';

/** GET /api/v1/consultations/: the supervisor's meetings and the first-year months lacking one. */
export function getConsultations(signal?: AbortSignal) {
  return apiRequest(ConsultationsAnswerSchema, '/api/v1/consultations/', { signal });
}

export function useConsultations() {
  return useQuery({
    queryKey: QUALIFICATION_KEYS.consultations,
    queryFn: ({ signal }) => getConsultations(signal),
  });
}
