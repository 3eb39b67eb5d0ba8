import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { FlaggableField } from '../../../../shared/review/review.schema';
import { apiRequest } from '../../../lib/api-client';
import { invalidateReview } from './invalidate';

const MsgSchema = z.object({ msg: z.string() });

/** A field to flag, with the supervisor's optional comment. */
export type FieldFlag = { field: FlaggableField; comment: string };

/** POST /api/v1/flag-log/ `{ log_id, is_approved: true }`: approves one log. */
export function approveLog(logId: number) {
  return apiRequest(MsgSchema, '/api/v1/flag-log/', {
    method: 'POST',
    body: { log_id: logId, is_approved: true },
  });
}

/**
 * POST /api/v1/flag-log/ `{ log_id, is_flag: true, data }`: each field `true`, or
 * `{ flagged: true, comment }` when the supervisor wrote a comment.
 */
export function flagLog({ logId, flags }: { logId: number; flags: readonly FieldFlag[] }) {
  const data: Record<string, true | { flagged: true; comment: string }> = {};
  for (const { field, comment } of flags) {
    const text = comment.trim();
    data[field] = text ? { flagged: true, comment: text } : true;
  }
  return apiRequest(MsgSchema, '/api/v1/flag-log/', {
    method: 'POST',
    body: { log_id: logId, is_flag: true, data },
  });
}

export function useApproveLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveLog,
    // A 409 (someone approved or flagged it first) changes the log too: refresh either way.
    onSettled: () => invalidateReview(queryClient),
  });
}

export function useFlagLog() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: flagLog, onSettled: () => invalidateReview(queryClient) });
}
