import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkRequestSchema } from '../../../../shared/supervisors/link-request.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LinkAnswer = 'accept' | 'decline';

/**
 * POST /api/v1/link-requests/{id}/accept/ or …/decline/: the supervisor's answer to a trainee
 * (issue 36). Accepting puts the trainee in their lists, with the logs made before.
 */
export function answerLinkRequest({ id, answer }: { id: number; answer: LinkAnswer }) {
  return apiRequest(LinkRequestSchema, `/api/v1/link-requests/${id}/${answer}/`, {
    method: 'POST',
  });
}

export function useAnswerLinkRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerLinkRequest,
    // The requests, and every list an accepted trainee now appears in (review, at-risk, logs).
    onSuccess: () =>
      Promise.all(
        [queryKeys.supervisors.linkRequests, queryKeys.review.all, queryKeys.logs.all].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
