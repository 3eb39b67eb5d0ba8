import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterLogChange } from '../../../lib/invalidate-logs';

/** POST /api/v1/experience-log/{id}/restore/: brings back a recently deleted log. */
export function restoreLog(id: number) {
  return apiRequest(ExperienceLogSchema, `/api/v1/experience-log/${id}/restore/`, {
    method: 'POST',
  });
}

export function useRestoreLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreLog,
    onSuccess: () => invalidateAfterLogChange(queryClient),
  });
}
