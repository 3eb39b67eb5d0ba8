import { useMutation } from '@tanstack/react-query';
import { UserSchema, type SignupRequest } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date';

/** POST /api/v1/signup/: the new, unverified account; its verification code is mailed. */
export const SignupResponseSchema = UserSchema;

export function signUp(body: SignupRequest) {
  // The browser's zone goes with it: the new account's days are counted where its person lives.
  const timeZone = browserTimeZone();
  return apiRequest(SignupResponseSchema, '/api/v1/signup/', {
    method: 'POST',
    body: timeZone === null ? body : { ...body, time_zone: timeZone },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
