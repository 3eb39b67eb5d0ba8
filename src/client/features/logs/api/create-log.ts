import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterLogChange } from './invalidate';

/** POST /api/v1/experience-log/: a new log, pending review. */
export async function createLog(body: LogEntryWire) {
  // The response's schema names the task lists' item schema: loaded with the first save, not
  // with the log form (issue 11).
  const { ExperienceLogSchema } = await import('../../../../shared/logs/experience-log.schema');
  return apiRequest(ExperienceLogSchema, '/api/v1/experience-log/', { method: 'POST', body });
}

export function useCreateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLog,
    onSuccess: () => invalidateAfterLogChange(queryClient),
  });
}
