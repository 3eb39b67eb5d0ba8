import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a review action: every review figure (dots, lists, counts, month states). One log's
 * status moves several of them at once, so they are refreshed together.
 */
export function invalidateReview(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.review.all });
}
