import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RevokeOthersResponseSchema } from '../../../../shared/security/security.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/sessions/revoke-others/: ends every session but this one, and the calendar feed;
 * says how many sessions.
 */
export function revokeOtherSessions() {
  return apiRequest(RevokeOthersResponseSchema, '/api/v1/sessions/revoke-others/', {
    method: 'POST',
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.security.sessions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.security.allEvents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
      ]),
  });
}
