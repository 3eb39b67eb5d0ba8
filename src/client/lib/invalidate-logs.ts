import type { QueryClient } from '@tanstack/react-query';
import { LOG_DEPENDENT_KEYS, queryKeys } from './query-keys';

/**
 * After any change to a log: the logs, every progress figure (month card, sidebar totals) and the
 * supervisors list, which a log saved with '+ Add new' grows by one.
 */
export function invalidateAfterLogChange(queryClient: QueryClient) {
  return Promise.all(
    [...LOG_DEPENDENT_KEYS, queryKeys.supervisors.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
