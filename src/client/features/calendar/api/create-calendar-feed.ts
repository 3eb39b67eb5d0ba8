import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedCalendarFeedSchema } from '../../../../shared/calendar/calendar-feed.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The browser's time zone: the feed reads the logs' times in it. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** POST /api/v1/calendar-feed/: a new feed URL (any earlier one stops working), shown once. */
export function createCalendarFeed() {
  return apiRequest(CreatedCalendarFeedSchema, '/api/v1/calendar-feed/', {
    method: 'POST',
    body: { time_zone: browserTimeZone() },
  });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}
