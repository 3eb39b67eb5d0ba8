import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChangePasswordRequest } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /users/password/change/: 'Successfully Password changed.'; other sessions and the calendar
 * feed end.
 */
export const ChangePasswordResponseSchema = z.object({ message: z.string() });

export function changePassword(body: ChangePasswordRequest) {
  return apiRequest(ChangePasswordResponseSchema, '/users/password/change/', {
    method: 'POST',
    body,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}
