import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSchema } from '../../../../shared/accounts/account.schema';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { PROFILE_QUERY_KEY } from './get-profile';

/** PUT /api/v1/time-zone/: the signed-in person's zone, where their days are counted. */
export function setTimeZone(timeZone: string) {
  return apiRequest(UserSchema, '/api/v1/time-zone/', {
    method: 'PUT',
    body: { time_zone: timeZone },
  });
}

/** Sets the zone; the profile and the session (whose user counts today) take the answer. */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: setTimeZone,
    onSuccess: (user) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, user);
      setUser(user);
    },
  });
}
