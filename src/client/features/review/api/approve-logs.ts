import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

const BulkApproveResponseSchema = z.object({
  msg: z.string(),
  approved: z.array(z.number()),
  skipped: z.array(z.number()),
});

/**
 * POST /api/v1/approve-logs/: approves the pending logs the supervisor was shown, of one trainee.
 * Logs that changed meanwhile come back as `skipped`.
 */
export function approveLogs({ traineeId, logIds }: { traineeId: number; logIds: number[] }) {
  return apiRequest(BulkApproveResponseSchema, '/api/v1/approve-logs/', {
    method: 'POST',
    body: { u_id: traineeId, log_ids: logIds },
  });
}

export function useApproveLogs() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveLogs, onSettled: () => invalidateReview(queryClient) });
}
