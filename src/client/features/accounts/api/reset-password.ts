import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResetPasswordRequestSchema } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';

type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The three reset calls answer `{ message }` (SPEC §4 Password reset). */
export const ResetMessageResponseSchema = z.object({ message: z.string() });

/** POST /users/reset-password/send/: mails a reset code (same answer for unknown addresses). */
export function sendResetCode(email: string) {
  return apiRequest(ResetMessageResponseSchema, '/users/reset-password/send/', {
    method: 'POST',
    body: { email },
  });
}

/** POST /users/reset-password/resend/: mails a fresh reset code. */
export function resendResetCode(email: string) {
  return apiRequest(ResetMessageResponseSchema, '/users/reset-password/resend/', {
    method: 'POST',
    body: { email },
  });
}

/** POST /users/reset-password/verify/: sets the new password with the mailed code. */
export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest(ResetMessageResponseSchema, '/users/reset-password/verify/', {
    method: 'POST',
    body,
  });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}

export function useResendResetCode() {
  return useMutation({ mutationFn: resendResetCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
