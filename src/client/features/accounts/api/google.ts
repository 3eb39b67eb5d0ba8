import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AttachUserResponseSchema,
  GoogleConfigSchema,
  GoogleSignInResponseSchema,
  GoogleStartResponseSchema,
} from '../../../../shared/accounts/google.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/google/: whether "Continue with Google" is offered (read once a visit). */
export function useGoogleConfig() {
  return useQuery({
    queryKey: queryKeys.googleConfig,
    queryFn: ({ signal }) => apiRequest(GoogleConfigSchema, '/api/v1/google/', { signal }),
    staleTime: Infinity,
  });
}

/** POST /api/v1/google/start/: where to send the browser, and the state it must come back with. */
export function startGoogleSignIn(isSupervisor: boolean) {
  return apiRequest(GoogleStartResponseSchema, '/api/v1/google/start/', {
    method: 'POST',
    body: { is_supervisor: isSupervisor },
  });
}

/** POST /rest-auth/google/ (SPEC §7): the code and state the issuer sent back. */
export function finishGoogleSignIn(body: {
  code: string;
  state: string;
  iss?: string;
  is_supervisor: boolean;
}) {
  return apiRequest(GoogleSignInResponseSchema, '/rest-auth/google/', {
    method: 'POST',
    body: { ...body, authsource: 'google' },
  });
}

/** POST /api/v1/google/link/: the password of the account that has the Google email. */
export function linkGoogle(body: { link_token: string; password: string }) {
  return apiRequest(GoogleSignInResponseSchema, '/api/v1/google/link/', { method: 'POST', body });
}

/** POST /api/v1/attachuser/ (SPEC §7): the user of the key a Google sign-in gave. */
export function attachUser(token: string) {
  return apiRequest(AttachUserResponseSchema, '/api/v1/attachuser/', {
    method: 'POST',
    body: { token },
  });
}

export const MessageSchema = z.object({ message: z.string() });
