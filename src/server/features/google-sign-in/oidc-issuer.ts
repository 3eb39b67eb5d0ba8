import * as client from 'openid-client';
import { GOOGLE_MESSAGES } from '../../../shared/google-sign-in/google.schema';
import { AppError } from '../../../shared/errors';
import type { Config } from '../../env';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** SPEC §2 and §7: openid email profile. */
const SCOPE = 'openid email profile';
const ISSUER_TIMEOUT_SECONDS = 10;

export type IssuerClaims = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
};

export type AuthorizationResponse = { code: string; state: string; iss?: string | undefined };

export type OidcIssuer = {
  /** Links are kept per issuer. */
  issuer: string;
  redirectUri: string;
  authorizationUrl: (checks: {
    state: string;
    nonce: string;
    codeVerifier: string;
  }) => Promise<URL>;
  /** Exchanges the code (PKCE verifier, state and nonce checked) for the ID token's claims. */
  exchange: (
    response: AuthorizationResponse,
    checks: { codeVerifier: string; nonce: string },
  ) => Promise<IssuerClaims>;
};

export function createOidcIssuer(config: Config): OidcIssuer | null {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const issuerUrl = new URL(config.OIDC_ISSUER ?? GOOGLE_ISSUER);
  const redirectUri = new URL('/', config.APP_URL).href;
  // Plain http is accepted only from an issuer on this machine (the tests' provider).
  const isLoopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname);
  const insecure = issuerUrl.protocol === 'http:' && isLoopback;

  // A failed discovery is not kept, so the next sign-in asks again.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = async (): Promise<client.Configuration> => {
    discovered ??= client.discovery(
      issuerUrl,
      clientId,
      { redirect_uris: [redirectUri], response_types: ['code'] },
      client.ClientSecretPost(clientSecret),
      {
        timeout: ISSUER_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    try {
      return await discovered;
    } catch (error) {
      discovered = undefined;
      throw unavailable(error);
    }
  };

  return {
    issuer: issuerUrl.href,
    redirectUri,
    async authorizationUrl({ state, nonce, codeVerifier }) {
      const config = await configuration();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async exchange(response, checks) {
      const config = await configuration();
      const currentUrl = new URL(redirectUri);
      currentUrl.searchParams.set('code', response.code);
      currentUrl.searchParams.set('state', response.state);
      if (response.iss !== undefined) currentUrl.searchParams.set('iss', response.iss);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: response.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw isUnreachable(error) ? unavailable(error) : refused(error);
      }
      const claims = tokens.claims();
      if (!claims) throw refused(new Error('no ID token'));
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const email = text(claims.email).trim().toLowerCase();
      return {
        subject: claims.sub,
        email: email === '' ? null : email,
        emailVerified: claims.email_verified === true,
        name: text(claims.name).trim(),
      };
    },
  };
}

/** The issuer's or our configuration's fault, rather than this sign-in's (a wrong nonce). */
function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (error instanceof client.ResponseBodyError) return error.error !== 'invalid_grant';
  if (error instanceof client.ClientError) {
    return [
      'OAUTH_TIMEOUT',
      'OAUTH_ABORT',
      'OAUTH_RESPONSE_IS_NOT_CONFORM',
      'OAUTH_RESPONSE_IS_NOT_JSON',
    ].includes(error.code ?? '');
  }
  return error instanceof DOMException;
}

function unavailable(cause: unknown): AppError {
  const error = new AppError('UNAVAILABLE', GOOGLE_MESSAGES.unavailable);
  error.retryAfterSeconds = 60;
  error.cause = cause;
  return error;
}

function refused(cause: unknown): AppError {
  const error = new AppError('INVALID', GOOGLE_MESSAGES.refused);
  error.cause = cause;
  return error;
}
