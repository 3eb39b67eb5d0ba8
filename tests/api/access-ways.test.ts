import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPayments } from '../../src/server/adapters/payments/sandbox';
import { loadConfig } from '../../src/server/env';
import { runRenewals } from '../../src/server/features/billing/billing-renewal.service';
import { pricesFromConfig } from '../../src/server/features/billing/billing.wire';
import { grantLifetime } from '../../src/server/features/billing/billing.service';
import { insert as insertSupervisorRecord } from '../../src/server/features/supervisors/supervisors.repository';
import {
  expiredAccessOf,
  PAYWALL_MESSAGES,
  type BillingAccess,
} from '../../src/shared/billing/access';
import { UserSubscriptionsResponseSchema } from '../../src/shared/billing/billing.schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { FakeStripe } from './billing-stripe-fake';
import { deliver, FIRST, SECOND, startStripeApp, unix } from './billing-stripe-support';
import { addCoupon, charge, DAY, START } from './billing-support';

/*
 * Issue 27: every way a trainee can have access, made through the product's own routes, jobs and
 * webhooks, then a real write. For each one, where the subscription API says the trainee stands
 * (the client gates its pages on that `standing.access`) and what the paywall does with their
 * next log must be one verdict: 201 while they have access, 402 with the SPEC §8 message once
 * they do not. Each way is a trainee of its own; the sandbox and Stripe (the local fake) each
 * have an app.
 */

const SUBSCRIPTION = '/api/v1/user-subscription/';
const LOGS = '/api/v1/experience-log/';
const FREE = 'FREE100';

type Provider = 'sandbox' | 'stripe';
type Way = {
  name: string;
  provider: Provider;
  /** The trainee joined this many days before START (default 0: joined at START). */
  joinedDaysEarlier?: number;
  /** Makes the trainee's access this way; leaves the app's clock where the write is sent. */
  make?: (w: { t: TestApp; trainee: TestUser; fake: FakeStripe }) => Promise<void>;
  /** What GET /api/v1/user-subscription/ says: the standing, and its row's `is_active`. */
  access: BillingAccess;
  isActive: boolean | null;
};

const at = (t: TestApp, iso: string | Date) => {
  t.clock.now = new Date(iso);
};
const later = (t: TestApp, days: number) => {
  t.clock.now = new Date(START.getTime() + days * DAY);
};

async function pay(t: TestApp, trainee: TestUser, body: Parameters<typeof charge>[2]) {
  const response = await charge(t, trainee.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ subscription: { id: number; external_subscription_id: string } }>()
    .subscription;
}

async function cancel(t: TestApp, trainee: TestUser, id: number) {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/modify-subscription/',
    token: trainee.token,
    payload: { id },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const visa = (sub_id: number, extra: { trial?: boolean; coupon?: string } = {}) => ({
  sub_id,
  token: 'tok_visa',
  ...extra,
});
/** A way that is one purchase with the Visa test token. */
const buys =
  (...args: Parameters<typeof visa>): Way['make'] =>
  async ({ t, trainee }) =>
    void (await pay(t, trainee, visa(...args)));

/** What every way of having a plan shows: subscribed, with an active row. */
const SUBSCRIBED = { access: 'subscribed', isActive: true } as const;

const WAYS: Way[] = [
  // The sandbox (PAYMENTS unset): our renewal job renews.
  { name: 'in the trial, nothing bought', provider: 'sandbox', access: 'trial', isActive: null },
  {
    name: 'Monthly with the 7-day trial',
    provider: 'sandbox',
    make: buys(12, { trial: true }),
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly',
    provider: 'sandbox',
    make: buys(12),
    ...SUBSCRIBED,
  },
  {
    name: 'Yearly',
    provider: 'sandbox',
    make: buys(13),
    ...SUBSCRIBED,
  },
  {
    name: 'Lifetime',
    provider: 'sandbox',
    make: buys(14),
    ...SUBSCRIBED,
  },
  {
    name: 'Lifetime with a 100 % coupon',
    provider: 'sandbox',
    make: buys(14, { coupon: FREE }),
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly with a 100 % coupon',
    provider: 'sandbox',
    make: buys(12, { coupon: FREE }),
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly, changed to Lifetime',
    provider: 'sandbox',
    make: async ({ t, trainee }) => {
      await pay(t, trainee, visa(12));
      later(t, 3);
      const changed = await charge(t, trainee.token, visa(14), 'PUT');
      expect(changed.statusCode, changed.body).toBe(200);
    },
    ...SUBSCRIBED,
  },
  {
    // What `npm run demo` gives its trainee: Lifetime, granted, nothing charged.
    name: 'a granted Lifetime (the demo trainee)',
    provider: 'sandbox',
    make: async ({ t, trainee }) => grantLifetime(t.db, trainee.id, t.clock.now),
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly cancelled, before its end',
    provider: 'sandbox',
    make: async ({ t, trainee }) => {
      const { id } = await pay(t, trainee, visa(12));
      later(t, 2);
      await cancel(t, trainee, id);
      later(t, 29);
    },
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly renewed by the renewal job, after its first month',
    provider: 'sandbox',
    make: async ({ t, trainee }) => {
      await pay(t, trainee, visa(12));
      // Due within the hour: the job charges the next month (day 35 below is in that month).
      await runRenewals({
        db: t.db,
        payments: createSandboxPayments(),
        mailer: t.mailer,
        prices: pricesFromConfig(loadConfig({})),
        appUrl: 'http://localhost:3000',
        now: new Date(FIRST.end.replace('12:00', '11:30')),
      });
      later(t, 35);
    },
    ...SUBSCRIBED,
  },
  {
    name: 'the trial over, nothing bought',
    provider: 'sandbox',
    joinedDaysEarlier: 8,
    access: 'trial_expired',
    isActive: null,
  },
  {
    name: 'Monthly cancelled, and over',
    provider: 'sandbox',
    make: async ({ t, trainee }) => {
      const { id } = await pay(t, trainee, visa(12));
      await cancel(t, trainee, id);
      later(t, 31);
    },
    access: 'subscription_expired',
    isActive: false,
  },

  // PAYMENTS=stripe, against the local fake: Stripe renews and tells us by webhook.
  {
    name: 'Monthly',
    provider: 'stripe',
    make: buys(12),
    ...SUBSCRIBED,
  },
  {
    name: 'Yearly',
    provider: 'stripe',
    make: buys(13),
    ...SUBSCRIBED,
  },
  {
    name: 'Lifetime',
    provider: 'stripe',
    make: buys(14),
    ...SUBSCRIBED,
  },
  {
    name: 'Lifetime with a 100 % coupon',
    provider: 'stripe',
    make: buys(14, { coupon: FREE }),
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly cancelled, before its end',
    provider: 'stripe',
    make: async ({ t, trainee }) => {
      const { id } = await pay(t, trainee, visa(12));
      await cancel(t, trainee, id);
      later(t, 20);
    },
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly renewed by webhook, after its first period',
    provider: 'stripe',
    make: async ({ t, trainee, fake }) => {
      const { external_subscription_id: id } = await pay(t, trainee, visa(12));
      at(t, new Date(new Date(FIRST.end).getTime() + DAY));
      const invoice = fake.renew(id, { start: unix(SECOND.start), end: unix(SECOND.end) }, 1499);
      const delivered = await deliver(t, {
        id: `evt_access_${trainee.id}`,
        type: 'invoice.paid',
        object: { id: invoice },
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
    },
    ...SUBSCRIBED,
  },
  {
    name: 'Monthly past its period, no renewal heard',
    provider: 'stripe',
    make: async ({ t, trainee }) => {
      await pay(t, trainee, visa(12));
      at(t, new Date(new Date(FIRST.end).getTime() + DAY));
    },
    access: 'subscription_expired',
    isActive: false,
  },
];

const apps = {} as Record<Provider, TestApp>;
let fake: FakeStripe;

beforeAll(async () => {
  apps.sandbox = await createTestApp();
  ({ t: apps.stripe, fake } = await startStripeApp());
  for (const t of Object.values(apps)) await addCoupon(t, { code: FREE, percentOff: 100 });
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((t) => t.close()));
  await fake?.close();
});

describe('every way of having access: the subscription API and the paywall agree', () => {
  it.each(WAYS.map((way) => [`${way.provider}: ${way.name}`, way] as const))(
    '%s',
    async (_name, way) => {
      const t = apps[way.provider];
      at(t, START);
      const joined = new Date(START.getTime() - (way.joinedDaysEarlier ?? 0) * DAY);
      const trainee = await createTrainee(t.db, { dateJoined: joined });
      const record = await insertSupervisorRecord(t.db, {
        traineeId: trainee.id,
        name: 'Dana',
        lastname: 'Reyes',
        email: 'dana.reyes@example.com',
        supervisorUserId: null,
      });
      await way.make?.({ t, trainee, fake });

      const shown = await t.request({ method: 'GET', url: SUBSCRIPTION, token: trainee.token });
      expect(shown.statusCode, shown.body).toBe(200);
      // Parsed as the client parses it: its pages are gated on this `standing.access`.
      const { standing, results } = UserSubscriptionsResponseSchema.parse(shown.json());
      expect(standing.access).toBe(way.access);
      expect(results[0]?.is_active ?? null).toBe(way.isActive);

      // A real write: a log of the trainee's, on the paywall's reading of the same trainee.
      const log = await t.request({
        method: 'POST',
        url: LOGS,
        token: trainee.token,
        payload: createLogPayload({
          supervisor: record?.id,
          trainee_supervisor: record?.id,
          date_of_experience: '2026-08-20',
        }),
      });
      const listed = await t.request({ method: 'GET', url: LOGS, token: trainee.token });
      const ids = listed.json<{ results: { id: number }[] }>().results.map((row) => row.id);
      // Refused exactly when the client shows the expired dialog (the same test).
      const expired = expiredAccessOf(standing.access);
      if (expired) {
        expect(log.statusCode, log.body).toBe(402);
        expect(log.json()).toEqual({
          detail: PAYWALL_MESSAGES[expired],
          code: 'SUBSCRIPTION_REQUIRED',
        });
        expect(ids).toEqual([]);
      } else {
        expect(log.statusCode, log.body).toBe(201);
        expect(ids).toEqual([log.json<{ id: number }>().id]);
      }
    },
  );
});
