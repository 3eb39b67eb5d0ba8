import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import { STRIPE_WEBHOOK_PATH } from '../features/billing/billing-webhook.routes';
import { paywallRefusalOf } from '../features/billing/billing-standing.service';

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];
export type RouteKey = `${WriteMethod} ${string}`;

/** The writes an unpaid trainee may still make (tests/api/paywall.test.ts walks the routes). */
export const PAYWALL_EXEMPT: ReadonlySet<string> = new Set<RouteKey>([
  // A person must always be able to reach their account and the subscription screen.
  'POST /api/v1/signup/',
  'POST /api/v1/login/',
  'POST /api/v1/logout/',
  'POST /users/email/verify-user/',
  'POST /api/v1/resendemail/',
  'POST /users/reset-password/send/',
  'POST /users/reset-password/resend/',
  'POST /users/reset-password/verify/',
  'POST /api/v1/google/start/',
  'POST /rest-auth/google/',
  'POST /api/v1/google/link/',
  'POST /api/v1/google/verify/',
  'POST /api/v1/attachuser/',
  // Account, sign-in methods, sessions, feed revocation, ending access: security, not use.
  'POST /users/password/change/',
  'POST /api/v1/sign-in-methods/password/',
  'DELETE /api/v1/sign-in-methods/google/',
  'DELETE /api/v1/sessions/:id/',
  'POST /api/v1/sessions/revoke-others/',
  'DELETE /api/v1/calendar-feed/',
  'POST /api/v1/trainee-supervisors/:id/end-access/',
  'PUT /users/profile/:id/',
  'PUT /api/v1/rule-set/',
  // How the record is read (decision 033), like the rule set: never locked behind a payment.
  'POST /api/v1/start-of-fieldwork/ask/',
  // Preferences, not records; the time zone counts an expired trainee's deadlines too.
  'PUT /api/v1/time-zone/',
  // Paying is the way out of the paywall; cancelling must never need a payment.
  'POST /api/v1/charge-payment/',
  'PUT /api/v1/charge-payment/',
  'POST /api/v1/modify-subscription/',
  'POST /api/v1/modify-payment-method/',
  `POST ${STRIPE_WEBHOOK_PATH}`,
  // A read sent as POST (SPEC §7): the BACB wants records kept and retrievable for 7 years.
  'POST /api/v1/download-experience-log/',
  'POST /api/v1/digest/unsubscribe/',
  // Signed link, no sign-in: the paywall already stood at POST /users/upload/signed-url.
  'PUT /api/v1/storage/object/',
  // Test hooks (TEST_HOOKS only): they never act on the caller's records.
  'POST /api/test/accounts',
  'POST /api/test/travel',
  'POST /api/test/run-jobs',
  'POST /api/test/pause-point',
  'POST /api/test/coupon',
]);

export function isPaywalled(method: string, url: string): boolean {
  return (
    (WRITE_METHODS as readonly string[]).includes(method) && !PAYWALL_EXEMPT.has(`${method} ${url}`)
  );
}

/**
 * The paywall (SPEC §2 and §4, decision 010), with the SPEC §8 message. preParsing runs after
 * every `onRequest` hook, so authentication and the role guard answer first (401, 403).
 */
export function registerPaywall(app: FastifyInstance, now: () => Date): void {
  app.addHook('preParsing', async (request) => {
    const { actor, actorAccount } = request;
    const url = request.routeOptions.url;
    if (!actor || !actorAccount || actor.isSupervisor || url === undefined) return;
    if (!isPaywalled(request.method, url)) return;
    // Read with the token, in the same query (plugins/auth.ts).
    const refusal = paywallRefusalOf(actorAccount.billing, now());
    if (refusal) throw new AppError('SUBSCRIPTION_REQUIRED', refusal);
  });
}
