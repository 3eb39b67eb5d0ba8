import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

const MsgSchema = z.object({ msg: z.string() });

/** POST /api/v1/month-signoff/reopen/: unlocks a signed month (recorded in its logs' history). */
export function reopenMonth({ traineeId, month }: { traineeId: number; month: string }) {
  return apiRequest(MsgSchema, '/api/v1/month-signoff/reopen/', {
    method: 'POST',
    body: { u_id: traineeId, month },
  });
}

export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reopenMonth, onSettled: () => invalidateReview(queryClient) });
}
