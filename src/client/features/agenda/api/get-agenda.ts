import { useQuery } from '@tanstack/react-query';
import { MonthlyDocumentDetailSchema } from '../../../../shared/agenda/agenda.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/monthy-log/{id}/: one agenda with its accrued tables (all time; its month). */
export function getAgenda(id: number, signal?: AbortSignal) {
  return apiRequest(MonthlyDocumentDetailSchema, `/api/v1/monthy-log/${id}/`, { signal });
}

/** One agenda; nothing is asked until there is one to show. */
export function useAgenda(id: number | null) {
  return useQuery({
    queryKey: queryKeys.agenda.detail(id ?? 0),
    queryFn: ({ signal }) => getAgenda(id ?? 0, signal),
    enabled: id !== null,
  });
}
