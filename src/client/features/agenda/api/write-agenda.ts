import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AgendaFormValues } from '../../../../shared/agenda/agenda.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const WrittenSchema = z.object({ id: z.number() });

/**
 * POST /api/v1/monthy-log/: a supervisor's agenda for a linked trainee. The server names the
 * supervisor record (the trainee's record of the writer); writing a date again replaces it.
 */
export function writeAgenda({
  traineeId,
  values,
}: {
  traineeId: number;
  values: AgendaFormValues;
}) {
  return apiRequest(WrittenSchema, '/api/v1/monthy-log/', {
    method: 'POST',
    body: { ...values, u_id: traineeId },
  });
}

export function useWriteAgenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeAgenda,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.agenda.all }),
  });
}
