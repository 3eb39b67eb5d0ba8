import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MonthlyDocumentListSchema } from '../../../../shared/agenda/agenda.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A range of agenda dates, both ends included; an end left out is open. */
export type AgendaRange = { start?: string; end?: string };

/**
 * GET /api/v1/monthy-log/: the agendas dated in the range, oldest first; the trainee's own, or
 * (with a trainee id, for supervisors) those the supervisor wrote for that trainee.
 */
export async function getAgendas(
  traineeId: number | null,
  range: AgendaRange,
  signal?: AbortSignal,
) {
  const response = await apiRequest(MonthlyDocumentListSchema, '/api/v1/monthy-log/', {
    query: { u_id: traineeId ?? undefined, start_date: range.start, end_date: range.end },
    signal,
  });
  return response.results;
}

export function useAgendas(
  traineeId: number | null,
  range: AgendaRange,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.agenda.list(traineeId, range),
    queryFn: ({ signal }) => getAgendas(traineeId, range, signal),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
