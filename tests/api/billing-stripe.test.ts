import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, stripeEvents, userSubscriptions } from '../../src/server/db/schema';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeStripe, type FakeStripe } from './billing-stripe-fake';
import { charge, currentSubscription, eventsOf, START, storedFor } from './billing-support';

/** PAYMENTS=stripe against a local server playing Stripe's API (the SDK's host/port/protocol). */

const WEBHOOK = '/api/v1/stripe-webhook/';
const SECRET = 'whsec_test_fieldwork';
const FIRST = { start: '2026-09-01T12:00:00.000Z', end: '2026-10-01T12:00:00.000Z' };
const SECOND = { start: '2026-10-01T12:00:00.000Z', end: '2026-11-01T12:00:00.000Z' };
const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

let t: TestApp;
let fake: FakeStripe;
// Only its webhook helpers are used: the header Stripe would sign a delivery with.
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe(FIRST);
  t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fieldwork',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fieldwork',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
  });
  t.clock.now = START;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const requestsSince = (mark: number) => fake.requests.slice(mark);

/** A Stripe event delivery, signed with `secret`. */
function deliver(
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

async function subscribedTrainee(): Promise<{ trainee: TestUser; subscriptionId: string }> {
  const trainee = await createTrainee(t.db);
  const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' });
  expect(response.statusCode).toBe(201);
  const subscriptionId = response.json().subscription.external_subscription_id;
  return { trainee, subscriptionId };
}

const renewalMails = async (email: string) =>
  t.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), like(outboxEmails.subject, '%renewed%')));

describe('PAYMENTS=stripe: paying through Stripe', () => {
  it('charges Monthly: customer, card, price and subscription on Stripe, each write with an idempotency key', async () => {
    const mark = fake.requests.length;
    const trainee = await createTrainee(t.db);
    const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' });
    expect(response.statusCode).toBe(201);
    expect(response.json().msg).toBe('Successfully Charged for Subscription');

    const calls = requestsSince(mark);
    expect(calls.map((r) => `${r.method} ${r.path.replace(/_fake\d+/, '_*')}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods',
      'POST /v1/payment_methods/pm_*/attach',
      'POST /v1/customers/cus_*',
      'POST /v1/prices',
      'POST /v1/subscriptions',
    ]);
    for (const call of calls) expect(call.idempotencyKey).toMatch(/\S{8,}/);
    expect(new Set(calls.map((r) => r.idempotencyKey)).size).toBe(calls.length);
    const [customer, pm, , , price, subscription] = calls;
    expect(customer?.form).toMatchObject({ email: trainee.email, name: trainee.name });
    expect(pm?.form).toMatchObject({ type: 'card', 'card[token]': 'tok_visa' });
    expect(price?.form).toMatchObject({
      currency: 'usd',
      unit_amount: '1499',
      'recurring[interval]': 'month',
    });
    expect(subscription?.form).toMatchObject({
      payment_behavior: 'error_if_incomplete',
      'items[0][price]': expect.stringMatching(/^price_fake/),
      default_payment_method: expect.stringMatching(/^pm_fake/),
    });

    const stored = await currentSubscription(t, trainee.token);
    expect(stored).toMatchObject({
      external_subscription_id: expect.stringMatching(/^sub_fake/),
      status: 'active',
      expiry: FIRST.end,
      events: [{ kind: 'charge', amount: 1499, card_last4: '4242' }],
    });
    const details = await t.request({
      method: 'GET',
      url: '/api/v1/user-payment-details/',
      token: trainee.token,
    });
    expect(details.json()).toEqual({ last4: '4242', brand: 'visa', exp_month: 8, exp_year: 2031 });
  });

  it('a declined card: 402 with Stripe’s message, nothing stored', async () => {
    const trainee = await createTrainee(t.db);
    const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_chargeDeclined' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ detail: 'Your card was declined.' });
    expect(await storedFor(t, trainee.id)).toEqual({
      subscriptions: 0,
      paymentMethods: 0,
      events: 0,
      isPaid: false,
    });
  });
});

describe('POST /api/v1/stripe-webhook/', () => {
  it('a renewal: re-reads the invoice and subscription from Stripe, renews, records and mails a receipt', async () => {
    const { trainee, subscriptionId } = await subscribedTrainee();
    const invoiceId = fake.renew(
      subscriptionId,
      { start: unix(SECOND.start), end: unix(SECOND.end) },
      1499,
    );
    const mark = fake.requests.length;
    // The body claims other figures: only what Stripe answers counts.
    const response = await deliver({
      id: 'evt_renewal_1',
      type: 'invoice.paid',
      object: {
        id: invoiceId,
        object: 'invoice',
        amount_paid: 1,
        billing_reason: 'subscription_cycle',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(requestsSince(mark).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/invoices/${invoiceId}`,
      `GET /v1/subscriptions/${subscriptionId}`,
    ]);

    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'active',
      expiry: SECOND.end,
    });
    expect(await eventsOf(t, trainee.id)).toEqual([
      expect.objectContaining({ kind: 'charge', amountCents: 1499 }),
      expect.objectContaining({ kind: 'renewal', amountCents: 1499, providerRef: invoiceId }),
    ]);
    const receipt = await t.lastMailTo(trainee.email);
    expect(receipt?.subject).toBe('Fieldwork Tracker: subscription renewed (Monthly)');
    expect(receipt?.text).toContain('Card: ending in 4242');
  });

  it('a replayed event has no second effect: one renewal event, one receipt', async () => {
    const { trainee, subscriptionId } = await subscribedTrainee();
    const invoiceId = fake.renew(
      subscriptionId,
      { start: unix(SECOND.start), end: unix(SECOND.end) },
      1499,
    );
    const event = { id: 'evt_replayed', type: 'invoice.paid', object: { id: invoiceId } };
    expect((await deliver(event)).statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.traineeId, trainee.id));
    expect((await deliver(event)).statusCode).toBe(200);

    expect(
      await t.db
        .select()
        .from(userSubscriptions)
        .where(eq(userSubscriptions.traineeId, trainee.id)),
    ).toEqual(after);
    expect((await eventsOf(t, trainee.id)).map((e) => e.kind)).toEqual(['charge', 'renewal']);
    expect(await renewalMails(trainee.email)).toHaveLength(1);
    expect(
      await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_replayed')),
    ).toHaveLength(1);
  });

  it('a bad signature: 400, nothing read from Stripe, nothing changed', async () => {
    const { trainee, subscriptionId } = await subscribedTrainee();
    const invoiceId = fake.renew(
      subscriptionId,
      { start: unix(SECOND.start), end: unix(SECOND.end) },
      1499,
    );
    const before = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.traineeId, trainee.id));
    const mark = fake.requests.length;
    const event = { id: 'evt_forged', type: 'invoice.paid', object: { id: invoiceId } };
    const response = await deliver(event, 'whsec_someone_else');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['The Stripe signature is not valid.'] });

    const unsigned = await t.request({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 'evt_unsigned',
        type: 'invoice.paid',
        data: { object: { id: invoiceId } },
      }),
    });
    expect(unsigned.statusCode).toBe(400);

    expect(requestsSince(mark)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(userSubscriptions)
        .where(eq(userSubscriptions.traineeId, trainee.id)),
    ).toEqual(before);
    expect((await eventsOf(t, trainee.id)).map((e) => e.kind)).toEqual(['charge']);
    expect(await renewalMails(trainee.email)).toHaveLength(0);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_forged'))).toEqual(
      [],
    );
  });

  it('leaves the other routes their JSON parsing (their validation still names the field)', async () => {
    const trainee = await createTrainee(t.db);
    const response = await charge(t, trainee.token, { sub_id: '', token: 'tok_visa' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ sub_id: ['Please select a subscription plan'] });
  });
});
