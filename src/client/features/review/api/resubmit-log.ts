import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { apiRequest } from '../../../lib/api-client';
import { LOG_DEPENDENT_KEYS, queryKeys } from '../../../lib/query-keys';

/**
 * PUT /api/v1/experience-log/{id}/ with the contract's resubmit body `{ id, log }`: the trainee's
 * corrected flagged log goes back to pending, its flags cleared.
 */
export function resubmitLog({ id, log }: { id: number; log: LogEntryWire }) {
  return apiRequest(ExperienceLogSchema, `/api/v1/experience-log/${id}/`, {
    method: 'PUT',
    body: { id, log },
  });
}

export function useResubmitLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitLog,
    onSuccess: (log) => {
      queryClient.setQueryData(queryKeys.logs.detail(log.id), log);
      return Promise.all(
        [...LOG_DEPENDENT_KEYS, queryKeys.review.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
