import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateAfterLogChange } from '../../../lib/invalidate-logs';

/** PUT /api/v1/experience-log/{id}/: edits a pending or flagged log (409 once approved). */
export function updateLog({ id, body }: { id: number; body: LogEntryWire }) {
  return apiRequest(ExperienceLogSchema, `/api/v1/experience-log/${id}/`, { method: 'PUT', body });
}

export function useUpdateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLog,
    onSuccess: (log) => {
      queryClient.setQueryData(queryKeys.logs.detail(log.id), log);
      return invalidateAfterLogChange(queryClient);
    },
  });
}
