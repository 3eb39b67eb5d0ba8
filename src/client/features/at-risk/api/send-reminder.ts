import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RemindResponseSchema } from '../../../../shared/at-risk/at-risk.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/at-risk/remind/: mails a trainee what their month still needs (once a day). */
export function sendReminder(traineeId: number) {
  return apiRequest(RemindResponseSchema, '/api/v1/at-risk/remind/', {
    method: 'POST',
    body: { u_id: traineeId },
  });
}

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.review.atRisk }),
  });
}
