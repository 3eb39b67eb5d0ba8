import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateReview } from './invalidate';

/** POST /api/v1/reopen-log/: an approved log back to pending (409 in a signed-off month). */
export function reopenLog(logId: number) {
  return apiRequest(ExperienceLogSchema, '/api/v1/reopen-log/', {
    method: 'POST',
    body: { log_id: logId },
  });
}

export function useReopenLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenLog,
    onSuccess: (log) => queryClient.setQueryData(queryKeys.review.log(log.id), log),
    onSettled: () => invalidateReview(queryClient),
  });
}
