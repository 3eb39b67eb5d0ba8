import { useQuery } from '@tanstack/react-query';
import { MonthValidationSchema } from '../../../../shared/progress/month-validation.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/validate/?month=YYYY-MM: the month's requirement checks per fieldwork type. */
export function validateMonth(month: string, signal?: AbortSignal) {
  return apiRequest(MonthValidationSchema, '/api/v1/validate/', { query: { month }, signal });
}

export function useMonthValidation(month: string) {
  return useQuery({
    queryKey: queryKeys.progress.validation(month),
    queryFn: ({ signal }) => validateMonth(month, signal),
  });
}
