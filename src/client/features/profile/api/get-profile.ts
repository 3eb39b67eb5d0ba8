import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { UserSchema } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /users/profile/: a one-item list with the signed-in person. */
export const ProfileResponseSchema = z.object({ results: z.array(UserSchema) });

export const PROFILE_QUERY_KEY = queryKeys.profile;

export async function getProfile(signal?: AbortSignal) {
  const response = await apiRequest(ProfileResponseSchema, '/users/profile/', { signal });
  const user = response.results[0];
  if (!user) throw new Error('The profile answer was empty');
  return user;
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });
}
