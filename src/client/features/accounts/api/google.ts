import { useEffect, useState } from 'react';
import {
  AttachUserResponseSchema,
  GoogleConfigSchema,
  GoogleSignInResponseSchema,
  GoogleStartResponseSchema,
} from '../../../../shared/google-sign-in/google.schema';
import { apiRequest } from '../../../lib/api-client';

// Read once a visit. A plain promise, not a query: the sign-in page is the first download of
// most visits (issue 11's 150 KB), and the query library is not part of it.
let googleEnabled: Promise<boolean> | undefined;

/** GET /api/v1/google/: whether "Continue with Google" is offered (false when it cannot be read). */
export function useGoogleEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    googleEnabled ??= apiRequest(GoogleConfigSchema, '/api/v1/google/').then(
      (config) => config.enabled,
      () => {
        googleEnabled = undefined;
        return false;
      },
    );
    void googleEnabled.then((value) => isCurrent && setEnabled(value));
    return () => {
      isCurrent = false;
    };
  }, []);
  return enabled;
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

/**
 * POST /api/v1/google/verify/: the code mailed to a Google email Google did not verify, with the
 * sign-in's token: verifies the account and links Google.
 */
export function verifyGoogleEmail(body: { verify_token: string; code: string }) {
  return apiRequest(GoogleSignInResponseSchema, '/api/v1/google/verify/', { method: 'POST', body });
}

/** POST /api/v1/attachuser/ (SPEC §7): the user of the key a Google sign-in gave. */
export function attachUser(token: string) {
  return apiRequest(AttachUserResponseSchema, '/api/v1/attachuser/', {
    method: 'POST',
    body: { token },
  });
}
