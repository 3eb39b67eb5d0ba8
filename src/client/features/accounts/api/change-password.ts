import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChangePasswordRequest } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/password/change/: 'Successfully Password changed.'; other sessions end. */
export const ChangePasswordResponseSchema = z.object({ message: z.string() });

export function changePassword(body: ChangePasswordRequest) {
  return apiRequest(ChangePasswordResponseSchema, '/users/password/change/', {
    method: 'POST',
    body,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
