import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

const MsgSchema = z.object({ msg: z.string() });

/** POST /api/v1/restore-user/: brings a removed trainee back into the supervisor's lists. */
export function restoreTrainee(traineeId: number) {
  return apiRequest(MsgSchema, '/api/v1/restore-user/', {
    method: 'POST',
    body: { u_id: traineeId },
  });
}

export function useRestoreTrainee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTrainee,
    onSuccess: () => invalidateReview(queryClient),
  });
}
