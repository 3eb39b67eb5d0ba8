import { useQuery } from '@tanstack/react-query';
import { SupervisorQualificationsAnswerSchema } from '../../../../shared/supervisors/qualification.schema';
import { apiRequest } from '../../../lib/api-client';
import { QUALIFICATION_KEYS } from './qualification-keys';

/** GET /api/v1/supervisor-qualifications/: the trainee's linked supervisors and their flags. */
export function getSupervisorQualifications(signal?: AbortSignal) {
  return apiRequest(SupervisorQualificationsAnswerSchema, '/api/v1/supervisor-qualifications/', {
    signal,
  });
}

export function useSupervisorQualifications() {
  return useQuery({
    queryKey: QUALIFICATION_KEYS.supervisors,
    queryFn: ({ signal }) => getSupervisorQualifications(signal),
  });
}
