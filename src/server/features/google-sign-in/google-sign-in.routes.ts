import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttachUserRequestSchema,
  AttachUserResponseSchema,
  GOOGLE_MESSAGES,
  GoogleCallbackRequestSchema,
  GoogleConfigSchema,
  GoogleLinkRequestSchema,
  GoogleSignInResponseSchema,
  GoogleVerifyRequestSchema,
  GoogleStartRequestSchema,
  GoogleStartResponseSchema,
  SetPasswordRequestSchema,
  SignInMethodsSchema,
} from '../../../shared/google-sign-in/google.schema';
import { AppError } from '../../../shared/errors';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import { clientNetwork, consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { clientInfoOf, limitSessionPasswords } from '../accounts';
import * as service from './google-sign-in.service';
import * as methods from './sign-in-methods.service';
import { createOidcIssuer, type OidcIssuer } from './oidc-issuer';

const tags = ['google-sign-in'];

/**
 * Sign-in with Google or any OpenID Connect issuer (SPEC §2, §4, §7; issue 13), and the
 * sign-in methods of one's own account. Every step before a session exists counts against the
 * same per-address limit as the login page.
 */
export function googleSignInRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer, config } = deps;
  const issuer = createOidcIssuer(config);
  const configured = (): OidcIssuer => {
    if (!issuer) throw new AppError('NOT_FOUND', 'Google sign-in is not configured.');
    return issuer;
  };
  const loginLimit = (ip: string) =>
    consumeRateLimit(db, `login:ip:${clientNetwork(ip)}`, RATE_LIMITS.login, deps.now());
  const signInContext = (request: Parameters<typeof clientInfoOf>[0]) => ({
    db,
    mailer,
    appUrl: config.APP_URL,
    now: deps.now(),
    client: clientInfoOf(request),
  });

  return async (app) => {
    app.get(
      '/api/v1/google/',
      {
        schema: {
          tags,
          summary: 'Whether "Continue with Google" is offered',
          response: { 200: GoogleConfigSchema },
        },
      },
      async () => ({ enabled: issuer !== null }),
    );

    app.post(
      '/api/v1/google/start/',
      {
        schema: {
          tags,
          summary: "Starts a sign-in at the issuer in the role of the person's page",
          body: GoogleStartRequestSchema,
          response: { 200: GoogleStartResponseSchema },
        },
      },
      async (request) => {
        await loginLimit(request.ip);
        return service.startSignIn(
          { db, now: deps.now(), issuer: configured() },
          request.body.is_supervisor,
        );
      },
    );

    app.post(
      '/rest-auth/google/',
      {
        schema: {
          tags,
          summary: 'Finishes a sign-in with the code and state the issuer sent back',
          body: GoogleCallbackRequestSchema,
          response: { 200: GoogleSignInResponseSchema },
        },
      },
      async (request) => {
        await loginLimit(request.ip);
        const { code, state, iss, is_supervisor: isSupervisor } = request.body;
        try {
          return await service.finishSignIn(
            { ...signInContext(request), issuer: configured() },
            { code, state, iss, isSupervisor },
          );
        } catch (error) {
          // Why the issuer's answer was refused (a wrong nonce, a used code) stays in the log.
          if (error instanceof AppError && error.message === GOOGLE_MESSAGES.refused) {
            request.log.warn({ err: error.cause }, 'OpenID Connect answer refused');
          }
          throw error;
        }
      },
    );

    app.post(
      '/api/v1/google/link/',
      {
        schema: {
          tags,
          summary: "Links the issuer's account to the account with its email, given its password",
          body: GoogleLinkRequestSchema,
          response: { 200: GoogleSignInResponseSchema },
        },
      },
      async (request) => {
        await loginLimit(request.ip);
        return service.linkWithPassword(signInContext(request), {
          linkToken: request.body.link_token,
          password: request.body.password,
        });
      },
    );

    app.post(
      '/api/v1/google/verify/',
      {
        schema: {
          tags,
          summary:
            'Verifies an issuer email the issuer did not verify with its mailed code, and links the issuer account',
          body: GoogleVerifyRequestSchema,
          response: { 200: GoogleSignInResponseSchema },
        },
      },
      async (request) => {
        await loginLimit(request.ip);
        return service.verifyAndLink(signInContext(request), {
          verifyToken: request.body.verify_token,
          code: request.body.code,
        });
      },
    );

    app.post(
      '/api/v1/attachuser/',
      {
        schema: {
          tags,
          summary: 'The user of a session key (SPEC §7)',
          body: AttachUserRequestSchema,
          response: { 200: AttachUserResponseSchema },
        },
      },
      async (request) => {
        await loginLimit(request.ip);
        return service.attachUser({ db, now: deps.now() }, request.body.token);
      },
    );

    app.get(
      '/api/v1/sign-in-methods/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          summary: 'How the caller can sign in: a password, Google, or both',
          response: { 200: SignInMethodsSchema },
        },
      },
      async (request) =>
        methods.signInMethods({
          db,
          actor: requireActor(request),
          now: deps.now(),
          googleAvailable: issuer !== null,
        }),
    );

    app.delete(
      '/api/v1/sign-in-methods/google/',
      {
        onRequest: guard.user,
        schema: { tags, summary: "Unlinks Google from the caller's account" },
      },
      async (request, reply) => {
        await methods.unlinkGoogle({
          db,
          actor: requireActor(request),
          now: deps.now(),
          client: clientInfoOf(request),
        });
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/v1/sign-in-methods/password/',
      {
        onRequest: guard.user,
        schema: {
          tags,
          summary: 'Sets a first password on an account made by a Google sign-in',
          body: SetPasswordRequestSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await limitSessionPasswords(db, actor, deps.now());
        await methods.setPassword({
          db,
          actor,
          now: deps.now(),
          client: clientInfoOf(request),
          input: request.body,
        });
        return { message: GOOGLE_MESSAGES.passwordSet };
      },
    );
  };
}
