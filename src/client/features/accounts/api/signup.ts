import { useMutation } from '@tanstack/react-query';
import { UserSchema, type SignupRequest } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/signup/: the new, unverified account; its verification code is mailed. */
export const SignupResponseSchema = UserSchema;

export function signUp(body: SignupRequest) {
  return apiRequest(SignupResponseSchema, '/api/v1/signup/', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
