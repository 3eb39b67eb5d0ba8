import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

const MsgSchema = z.object({ msg: z.string() });

/** POST /api/v1/remove-user/: hides a trainee and their logs from the supervisor's lists. */
export function removeTrainee(traineeId: number) {
  return apiRequest(MsgSchema, '/api/v1/remove-user/', {
    method: 'POST',
    body: { u_id: traineeId },
  });
}

export function useRemoveTrainee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTrainee, onSuccess: () => invalidateReview(queryClient) });
}
