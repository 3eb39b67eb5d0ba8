import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { outboxEmails, userSubscriptions } from '../../src/server/db/schema';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeStripe, type FakeStripe } from './billing-stripe-fake';
import { charge, START } from './billing-support';

/** Shared by the PAYMENTS=stripe tests: the app pointed at a local fake of Stripe's API. */

export const WEBHOOK = '/api/v1/stripe-webhook/';
export const SECRET = 'whsec_test_fieldwork';
export const FIRST = { start: '2026-09-01T12:00:00.000Z', end: '2026-10-01T12:00:00.000Z' };
export const SECOND = { start: '2026-10-01T12:00:00.000Z', end: '2026-11-01T12:00:00.000Z' };
export const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export async function startStripeApp(): Promise<{ t: TestApp; fake: FakeStripe }> {
  const fake = await startFakeStripe(FIRST);
  const t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fieldwork',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fieldwork',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
  });
  t.clock.now = START;
  return { t, fake };
}

// Only its webhook helpers are used: the header Stripe signs a delivery with.
const signer = new Stripe('sk_test_signer');

/** A Stripe event delivery, signed with `secret`. */
export function deliver(
  t: TestApp,
  event: { id: string; type: string; object: Record<string, unknown> },
  secret = SECRET,
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: Stripe.API_VERSION,
    created: unix(SECOND.start),
    livemode: false,
    data: { object: event.object },
  });
  return t.request({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

/** A new trainee on Monthly, paid through the fake; with their Stripe subscription id. */
export async function subscribedTrainee(
  t: TestApp,
): Promise<TestUser & { subscriptionId: string }> {
  const trainee = await createTrainee(t.db);
  const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ subscription: { external_subscription_id: string } }>();
  return { ...trainee, subscriptionId: body.subscription.external_subscription_id };
}

/** The trainee's subscription row, as stored. */
export async function rowOf(t: TestApp, traineeId: number) {
  return t.db.select().from(userSubscriptions).where(eq(userSubscriptions.traineeId, traineeId));
}

/** Mails to an address whose subject contains `word`. */
export async function mailsAbout(t: TestApp, email: string, word: string) {
  return t.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), like(outboxEmails.subject, `%${word}%`)));
}
