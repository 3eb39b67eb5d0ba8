import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/sessions/{id}/: ends one of the person's sessions (204). */
export function revokeSession(id: number) {
  return apiRequest(z.undefined(), `/api/v1/sessions/${id}/`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.security.sessions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.security.allEvents }),
      ]),
  });
}
