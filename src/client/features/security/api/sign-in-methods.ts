import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SignInMethodsSchema,
  type SetPasswordRequest,
} from '../../../../shared/google-sign-in/google.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/sign-in-methods/: a password, a linked Google account, or both. */
export function useSignInMethods() {
  return useQuery({
    queryKey: queryKeys.security.signInMethods,
    queryFn: ({ signal }) =>
      apiRequest(SignInMethodsSchema, '/api/v1/sign-in-methods/', { signal }),
  });
}

/** After a change: the methods and the security activity that records it. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.security.signInMethods }),
      queryClient.invalidateQueries({ queryKey: queryKeys.security.allEvents }),
    ]);
}

/** DELETE /api/v1/sign-in-methods/google/ (204). */
export function useUnlinkGoogle() {
  const onSuccess = useRefreshAfter();
  return useMutation({
    mutationFn: () =>
      apiRequest(z.undefined(), '/api/v1/sign-in-methods/google/', { method: 'DELETE' }),
    onSuccess,
  });
}

/** POST /api/v1/sign-in-methods/password/: a first password. */
export function useSetPassword() {
  const onSuccess = useRefreshAfter();
  return useMutation({
    mutationFn: (body: SetPasswordRequest) =>
      apiRequest(z.object({ message: z.string() }), '/api/v1/sign-in-methods/password/', {
        method: 'POST',
        body,
      }),
    onSuccess,
  });
}
