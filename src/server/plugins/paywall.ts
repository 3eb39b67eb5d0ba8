import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import { STRIPE_WEBHOOK_PATH } from '../features/billing/billing-webhook.routes';
import { paywallRefusalOf } from '../features/billing/billing-standing.service';

/** The methods that change something. GET, HEAD and OPTIONS are never refused. */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type WriteMethod = (typeof WRITE_METHODS)[number];
/** A route as registered: its method and its URL pattern (`/api/v1/experience-log/:id/`). */
export type RouteKey = `${WriteMethod} ${string}`;

/**
 * The writes an unpaid trainee may still make, and why. Every other write of a trainee whose
 * trial or subscription has run out is refused (tests/api/paywall.test.ts walks the route table:
 * a new write route is paywalled until it is listed here or in that test's list).
 */
export const PAYWALL_EXEMPT: ReadonlySet<string> = new Set<RouteKey>([
  // Signing up, in and out, verifying and recovering an account: a person must always be able to
  // reach their account (and the subscription screen), whatever they sent as a stale token.
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
  // The account itself: keeping a password, a name and an email address right (the address the
  // access warnings and receipts go to) is security and contact, not use of the product.
  'POST /users/password/change/',
  // How one signs in (a first password, unlinking Google) is security, never use.
  'POST /api/v1/sign-in-methods/password/',
  'DELETE /api/v1/sign-in-methods/google/',
  // Ending one's own sessions (a lost phone, a shared computer) is security, never use.
  'DELETE /api/v1/sessions/:id/',
  'POST /api/v1/sessions/revoke-others/',
  // Revoking one's calendar feed (a URL that leaked) is security too; making one is use.
  'DELETE /api/v1/calendar-feed/',
  // Ending a supervisor's access to one's records is security too: it must not wait on a payment.
  'POST /api/v1/trainee-supervisors/:id/end-access/',
  'PUT /users/profile/:id/',
  // Which BACB standards the records are read against: a reading preference, not a record.
  'PUT /api/v1/rule-set/',
  // Where the person lives, which counts their days: set by their browser after sign-in, so an
  // expired trainee's deadlines are counted right too.
  'PUT /api/v1/time-zone/',
  // Paying: subscribing again (or changing plan or card) is the way out of the paywall, and
  // cancelling must never need a payment.
  'POST /api/v1/charge-payment/',
  'PUT /api/v1/charge-payment/',
  'POST /api/v1/modify-subscription/',
  'POST /api/v1/modify-payment-method/',
  // Stripe tells us about payments; it is nobody's write (PAYMENTS=stripe only).
  `POST ${STRIPE_WEBHOOK_PATH}`,
  // The CSV export of the logs is a read sent as POST (SPEC §7): the Terms promise a copy of the
  // records, and the BACB wants them kept and retrievable for 7 years.
  'POST /api/v1/download-experience-log/',
  // Leaving a mailing list never depends on paying (it is a supervisor's list anyway).
  'POST /api/v1/digest/unsubscribe/',
  // The folder storage's signed upload link (the profile picture's direct upload): it carries its
  // own authorisation and no sign-in, so there is nobody to ask; the paywall already stood at
  // POST /users/upload/signed-url, which hands the link out.
  'PUT /api/v1/storage/object/',
  // The end-to-end suite's clock, jobs, coupons and accounts (TEST_HOOKS=true only): they act on
  // what their body names, never on the caller's records.
  'POST /api/test/accounts',
  'POST /api/test/travel',
  'POST /api/test/run-jobs',
  'POST /api/test/pause-point',
  'POST /api/test/coupon',
]);

/** Whether a trainee's write to this route goes through the paywall. */
export function isPaywalled(method: string, url: string): boolean {
  return (
    (WRITE_METHODS as readonly string[]).includes(method) && !PAYWALL_EXEMPT.has(`${method} ${url}`)
  );
}

/**
 * The paywall (SPEC §2 and §4, decision 010): a trainee whose trial or subscription has run out
 * gets 402 SUBSCRIPTION_REQUIRED with the SPEC §8 message on every write but the exempt ones.
 * It runs before the body is read, after every `onRequest` hook, so authentication and the
 * route's role guard answer first (401, 403). Supervisors never meet it; reads are never
 * refused; nothing is deleted when access ends, and subscribing again lifts it at once.
 */
export function registerPaywall(app: FastifyInstance, now: () => Date): void {
  app.addHook('preParsing', async (request) => {
    const { actor, actorAccount } = request;
    const url = request.routeOptions.url;
    // No route (a 404) or nobody signed in: nothing to pay for.
    if (!actor || !actorAccount || actor.isSupervisor || url === undefined) return;
    if (!isPaywalled(request.method, url)) return;
    // The standing was read with the token, in the same query (plugins/auth.ts).
    const refusal = paywallRefusalOf(actorAccount.billing, now());
    if (refusal) throw new AppError('SUBSCRIPTION_REQUIRED', refusal);
  });
}
