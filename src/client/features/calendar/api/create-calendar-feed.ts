import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedCalendarFeedSchema } from '../../../../shared/calendar/calendar-feed.schema';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/calendar-feed/: a new feed URL (any earlier one stops working), shown once. */
export function createCalendarFeed() {
  return apiRequest(CreatedCalendarFeedSchema, '/api/v1/calendar-feed/', {
    method: 'POST',
    // The feed reads the logs' times in the browser's zone.
    body: { time_zone: browserTimeZone() ?? 'UTC' },
  });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}
