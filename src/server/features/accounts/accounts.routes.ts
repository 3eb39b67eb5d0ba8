import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordRequestSchema,
  EmailOnlyRequestSchema,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  UserSchema,
  VerifyEmailRequestSchema,
} from '../../../shared/accounts/account.schema';
import type { AppDeps } from '../../deps';
import { guard, requireActor } from '../../plugins/auth';
import { clientNetwork, consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { clientInfoOf } from './account-events';
import * as service from './accounts.service';

const tags = ['accounts'];
const MessageSchema = z.object({ message: z.string() });

/** Sign-up, verification, login, logout and password routes (SPEC §7 Auth). */
export function accountsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer, config } = deps;
  const mailContext = () => ({ db, mailer, appUrl: config.APP_URL, now: deps.now() });
  const limit = (key: string, rule: keyof typeof RATE_LIMITS) =>
    consumeRateLimit(db, key, RATE_LIMITS[rule], deps.now());

  return async (app) => {
    app.post(
      '/api/v1/signup/',
      { schema: { tags, body: SignupRequestSchema, response: { 201: UserSchema } } },
      async (request, reply) => {
        await limit(`signup:ip:${clientNetwork(request.ip)}`, 'signup');
        const user = await service.signUp({
          ...mailContext(),
          input: request.body,
          client: clientInfoOf(request),
        });
        return reply.status(201).send(user);
      },
    );

    app.post(
      '/api/v1/login/',
      {
        schema: {
          tags,
          body: LoginRequestSchema,
          response: {
            200: z.union([
              z.object({ token: z.string(), user: UserSchema }),
              z.object({ unverifiedUser: z.literal(true), user: UserSchema }),
            ]),
          },
        },
      },
      async (request) => {
        await limit(`login:ip:${clientNetwork(request.ip)}`, 'login');
        return service.logIn({
          ...mailContext(),
          input: request.body,
          client: clientInfoOf(request),
        });
      },
    );

    app.post(
      '/api/v1/logout/',
      {
        onRequest: guard.user,
        schema: { tags, response: { 200: z.object({ detail: z.string() }) } },
      },
      async (request) => {
        const actor = requireActor(request);
        await service.logOut({ db, actor, now: deps.now(), client: clientInfoOf(request) });
        return { detail: ACCOUNT_MESSAGES.loggedOut };
      },
    );

    app.post(
      '/users/email/verify-user/',
      {
        schema: {
          tags,
          body: VerifyEmailRequestSchema,
          response: { 200: z.object({ message: z.string(), token: z.string(), user: UserSchema }) },
        },
      },
      async (request) => {
        await limit(`verify:ip:${clientNetwork(request.ip)}`, 'verify');
        await service.limitCodeChecks(db, 'verify', request.body.email, deps.now());
        return service.verifyEmail({
          db,
          email: request.body.email,
          code: request.body.token,
          now: deps.now(),
          client: clientInfoOf(request),
        });
      },
    );

    app.post(
      '/api/v1/resendemail/',
      {
        schema: {
          tags,
          body: EmailOnlyRequestSchema,
          response: { 200: z.object({ success: z.boolean(), message: z.string() }) },
        },
      },
      async (request) => {
        await limit(`send-code:ip:${clientNetwork(request.ip)}`, 'sendCode');
        await service.limitCodeMails(db, request.body.email, deps.now());
        await service.resendVerification({ ...mailContext(), email: request.body.email });
        return { success: true, message: ACCOUNT_MESSAGES.verificationSent };
      },
    );

    for (const path of ['/users/reset-password/send/', '/users/reset-password/resend/']) {
      app.post(
        path,
        { schema: { tags, body: EmailOnlyRequestSchema, response: { 200: MessageSchema } } },
        async (request) => {
          await limit(`send-code:ip:${clientNetwork(request.ip)}`, 'sendCode');
          await service.limitCodeMails(db, request.body.email, deps.now());
          await service.sendResetCode({ ...mailContext(), email: request.body.email });
          return { message: ACCOUNT_MESSAGES.resetSent };
        },
      );
    }

    app.post(
      '/users/reset-password/verify/',
      { schema: { tags, body: ResetPasswordRequestSchema, response: { 200: MessageSchema } } },
      async (request) => {
        await limit(`reset:ip:${clientNetwork(request.ip)}`, 'reset');
        await service.limitCodeChecks(db, 'reset', request.body.email, deps.now());
        await service.resetPassword({
          db,
          email: request.body.email,
          code: request.body.token,
          password: request.body.password,
          now: deps.now(),
          client: clientInfoOf(request),
        });
        return { message: ACCOUNT_MESSAGES.resetDone };
      },
    );

    app.post(
      '/users/password/change/',
      {
        onRequest: guard.user,
        schema: { tags, body: ChangePasswordRequestSchema, response: { 200: MessageSchema } },
      },
      async (request) => {
        const actor = requireActor(request);
        await service.limitSessionPasswords(db, actor, deps.now());
        await service.changePassword({
          db,
          actor,
          input: request.body,
          now: deps.now(),
          client: clientInfoOf(request),
        });
        return { message: ACCOUNT_MESSAGES.passwordChanged };
      },
    );
  };
}
