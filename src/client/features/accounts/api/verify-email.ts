import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  UserSchema,
  type VerifyEmailRequestSchema,
} from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';

type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** POST /users/email/verify-user/: activates the account and signs the person in. */
export const VerifyEmailResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: UserSchema,
});

export function verifyEmail(body: VerifyEmailRequest) {
  return apiRequest(VerifyEmailResponseSchema, '/users/email/verify-user/', {
    method: 'POST',
    body,
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
