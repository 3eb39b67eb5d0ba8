import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a review action: every review figure (dots, counts, month states), the lists of logs
 * (kept with the logs' keys) and the monthly forms, whose rows say what the supervisor's
 * signature waits for and which a reopened month voids (issue 36). One log's status moves
 * several of them at once, so they are refreshed together.
 */
export function invalidateReview(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.review.all, queryKeys.logs.all, queryKeys.forms.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
