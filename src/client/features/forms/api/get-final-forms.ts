import { useQuery } from '@tanstack/react-query';
import { FinalFormsAnswerSchema } from '../../../../shared/forms/final-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Each form's `document` is a short-lived link: the rows are read again well before it expires. */
const LINK_REFRESH_MS = 4 * 60 * 1000;

/**
 * GET /api/v1/final-forms/: a trainee's supervisors × fieldwork types with their supervision
 * period, the hours that count and the official F-FVF. A supervisor names the trainee (`u_id`).
 */
export function getFinalForms(traineeId: number | null, signal?: AbortSignal) {
  return apiRequest(FinalFormsAnswerSchema, '/api/v1/final-forms/', {
    query: { u_id: traineeId ?? undefined },
    signal,
  });
}

export function useFinalForms(traineeId: number | null = null) {
  return useQuery({
    queryKey: queryKeys.forms.finals(traineeId),
    queryFn: ({ signal }) => getFinalForms(traineeId, signal),
    staleTime: LINK_REFRESH_MS,
    refetchInterval: LINK_REFRESH_MS,
  });
}
