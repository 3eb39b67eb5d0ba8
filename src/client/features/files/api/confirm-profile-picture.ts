import { UserSchema } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /users/upload/picture: the server checks what was uploaded under `key` and makes it the
 * profile picture (step 3 of 3, SPEC §7); the answer is the profile, with `profile_pic`.
 */
export function confirmProfilePicture(key: string) {
  return apiRequest(UserSchema, '/users/upload/picture', { method: 'POST', body: { key } });
}
