import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterLogChange } from './invalidate';

/** POST /api/v1/experience-log/: a new log, pending review. */
export function createLog(body: LogEntryWire) {
  return apiRequest(ExperienceLogSchema, '/api/v1/experience-log/', { method: 'POST', body });
}

export function useCreateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLog,
    onSuccess: () => invalidateAfterLogChange(queryClient),
  });
}
