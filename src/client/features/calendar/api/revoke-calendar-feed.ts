import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/calendar-feed/: the feed URL stops working at once (204). */
export function revokeCalendarFeed() {
  return apiRequest(z.undefined(), '/api/v1/calendar-feed/', { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}
