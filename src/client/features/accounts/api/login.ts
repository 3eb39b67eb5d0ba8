import { z } from 'zod';
import { UserSchema, type LoginRequest } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/login/: a token, or `unverifiedUser` with the user (a fresh code was mailed). */
export const LoginResponseSchema = z.union([
  z.object({ token: z.string(), user: UserSchema }),
  z.object({ unverifiedUser: z.literal(true), user: UserSchema }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export function logIn(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest(LoginResponseSchema, '/api/v1/login/', { method: 'POST', body });
}
