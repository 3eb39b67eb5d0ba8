import { useQuery } from '@tanstack/react-query';
import { CalendarFeedStatusSchema } from '../../../../shared/calendar/calendar-feed.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/calendar-feed/: whether the person has a live calendar feed. */
export function getCalendarFeed(signal?: AbortSignal) {
  return apiRequest(CalendarFeedStatusSchema, '/api/v1/calendar-feed/', { signal });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: queryKeys.calendarFeed,
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });
}
