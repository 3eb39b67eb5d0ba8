import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

const MsgSchema = z.object({ msg: z.string() });

type MonthOfTrainee = { traineeId: number; month: string };

/** POST /api/v1/month-signoff/: signs a month whose logs are all approved; it is then locked. */
export function signMonth({ traineeId, month }: MonthOfTrainee) {
  return apiRequest(MsgSchema, '/api/v1/month-signoff/', {
    method: 'POST',
    body: { u_id: traineeId, month },
  });
}

export function useSignMonth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signMonth, onSettled: () => invalidateReview(queryClient) });
}
