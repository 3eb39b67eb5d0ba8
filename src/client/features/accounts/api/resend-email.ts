import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/resendemail/: mails a fresh verification code (same answer for any address). */
export const ResendEmailResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export function resendEmail(email: string) {
  return apiRequest(ResendEmailResponseSchema, '/api/v1/resendemail/', {
    method: 'POST',
    body: { email },
  });
}

export function useResendEmail() {
  return useMutation({ mutationFn: resendEmail });
}
