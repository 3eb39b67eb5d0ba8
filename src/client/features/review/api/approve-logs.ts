import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkApproveResultSchema } from '../../../../shared/review/review.schema';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

/**
 * POST /api/v1/approve-logs/: approves the pending logs the supervisor was shown, of one trainee.
 * Logs that changed meanwhile come back as `skipped`.
 */
export function approveLogs({ traineeId, logIds }: { traineeId: number; logIds: number[] }) {
  return apiRequest(BulkApproveResultSchema, '/api/v1/approve-logs/', {
    method: 'POST',
    body: { u_id: traineeId, log_ids: logIds },
  });
}

export function useApproveLogs() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveLogs, onSettled: () => invalidateReview(queryClient) });
}
