import { useQuery } from '@tanstack/react-query';
import { MonthFormsAnswerSchema } from '../../../../shared/forms/month-form.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Each form's `document` is a short-lived link: the rows are read again well before it expires. */
const LINK_REFRESH_MS = 4 * 60 * 1000;

/**
 * GET /api/v1/month-forms/: a trainee's months with hours, each with its deadline and official
 * form, and the forms due. A supervisor names the linked trainee (`u_id`).
 */
export function getMonthForms(traineeId: number | null, signal?: AbortSignal) {
  return apiRequest(MonthFormsAnswerSchema, '/api/v1/month-forms/', {
    query: { u_id: traineeId ?? undefined },
    signal,
  });
}

export function useMonthForms(traineeId: number | null = null) {
  return useQuery({
    queryKey: queryKeys.forms.months(traineeId),
    queryFn: ({ signal }) => getMonthForms(traineeId, signal),
    staleTime: LINK_REFRESH_MS,
    refetchInterval: LINK_REFRESH_MS,
  });
}
