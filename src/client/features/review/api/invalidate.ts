import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a review action: every review figure (dots, counts, month states) and the lists of logs
 * (kept with the logs' keys). One log's status moves several of them at once, so they are
 * refreshed together.
 */
export function invalidateReview(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.review.all, queryKeys.logs.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
