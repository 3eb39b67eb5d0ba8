import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '../../src/server/db/schema';
import type { TestApp } from '../helpers/test-app';
import type { FakeStripe } from './billing-stripe-fake';
import {
  deliver,
  FIRST,
  mailsAbout,
  rowOf,
  SECOND,
  startStripeApp,
  subscribedTrainee,
  unix,
  WEBHOOK,
} from './billing-stripe-support';
import { currentSubscription, eventsOf } from './billing-support';

/** POST /api/v1/stripe-webhook/: signed events, re-read from the fake Stripe, applied once. */

let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  ({ t, fake } = await startStripeApp());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const callsSince = (mark: number) =>
  fake.requests.slice(mark).map((call) => `${call.method} ${call.path}`);
const nextPeriod = { start: unix(SECOND.start), end: unix(SECOND.end) };
const kinds = async (traineeId: number) => (await eventsOf(t, traineeId)).map((e) => e.kind);

describe('POST /api/v1/stripe-webhook/', () => {
  it('a renewal: re-reads the invoice and subscription from Stripe, renews, records and mails a receipt', async () => {
    const trainee = await subscribedTrainee(t);
    const invoiceId = fake.renew(trainee.subscriptionId, nextPeriod, 1499);
    const mark = fake.requests.length;
    // The body claims other figures: only what Stripe answers counts.
    const response = await deliver(t, {
      id: 'evt_renewal_1',
      type: 'invoice.paid',
      object: { id: invoiceId, object: 'invoice', amount_paid: 1, billing_reason: 'manual' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(callsSince(mark)).toEqual([
      `GET /v1/invoices/${invoiceId}`,
      `GET /v1/subscriptions/${trainee.subscriptionId}`,
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
    const trainee = await subscribedTrainee(t);
    const invoiceId = fake.renew(trainee.subscriptionId, nextPeriod, 1499);
    const event = { id: 'evt_replayed', type: 'invoice.paid', object: { id: invoiceId } };
    expect((await deliver(t, event)).statusCode).toBe(200);
    const after = await rowOf(t, trainee.id);
    expect((await deliver(t, event)).statusCode).toBe(200);

    expect(await rowOf(t, trainee.id)).toEqual(after);
    expect(await kinds(trainee.id)).toEqual(['charge', 'renewal']);
    expect(await mailsAbout(t, trainee.email, 'renewed')).toHaveLength(1);
    const stored = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(stored).toHaveLength(1);
  });

  it('a bad or missing signature: 400, nothing read from Stripe, nothing changed', async () => {
    const trainee = await subscribedTrainee(t);
    const invoiceId = fake.renew(trainee.subscriptionId, nextPeriod, 1499);
    const before = await rowOf(t, trainee.id);
    const mark = fake.requests.length;
    const event = { id: 'evt_forged', type: 'invoice.paid', object: { id: invoiceId } };
    const forged = await deliver(t, event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ non_field_errors: ['The Stripe signature is not valid.'] });
    const unsigned = await t.request({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_unsigned', type: 'invoice.paid', data: { object: {} } }),
    });
    expect(unsigned.statusCode).toBe(400);

    expect(callsSince(mark)).toEqual([]);
    expect(await rowOf(t, trainee.id)).toEqual(before);
    expect(await kinds(trainee.id)).toEqual(['charge']);
    expect(await mailsAbout(t, trainee.email, 'renewed')).toHaveLength(0);
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it('a failed renewal: past due, the failure recorded with its message, the trainee mailed', async () => {
    const trainee = await subscribedTrainee(t);
    const invoiceId = fake.failRenewal(trainee.subscriptionId, 1499);
    const response = await deliver(t, {
      id: 'evt_failed_1',
      type: 'invoice.payment_failed',
      object: { id: invoiceId },
    });
    expect(response.statusCode).toBe(200);
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'past_due',
      expiry: FIRST.end,
    });
    expect(await kinds(trainee.id)).toEqual(['charge', 'failure']);
    const [mail] = await mailsAbout(t, trainee.email, 'payment failed');
    expect(mail?.text).toContain('was refused ("Your card was declined.")');
  });

  it('the end of a subscription the trainee cancelled here adds nothing; one ended on Stripe ends access', async () => {
    const cancelledHere = await subscribedTrainee(t);
    const row = await currentSubscription(t, cancelledHere.token);
    await t.request({
      method: 'POST',
      url: '/api/v1/modify-subscription/',
      token: cancelledHere.token,
      payload: { id: row?.id },
    });
    fake.end(cancelledHere.subscriptionId, unix(FIRST.end));
    const ended = { type: 'customer.subscription.deleted' };
    const first = await deliver(t, {
      ...ended,
      id: 'evt_deleted_1',
      object: { id: cancelledHere.subscriptionId },
    });
    expect(first.statusCode).toBe(200);
    expect(await kinds(cancelledHere.id)).toEqual(['charge', 'cancel']);
    expect((await rowOf(t, cancelledHere.id))[0]?.expiry?.toISOString()).toBe(FIRST.end);

    const endedOnStripe = await subscribedTrainee(t);
    const endedAt = '2026-09-10T08:00:00.000Z';
    fake.end(endedOnStripe.subscriptionId, unix(endedAt));
    const second = await deliver(t, {
      ...ended,
      id: 'evt_deleted_2',
      object: { id: endedOnStripe.subscriptionId },
    });
    expect(second.statusCode).toBe(200);
    expect(await kinds(endedOnStripe.id)).toEqual(['charge', 'cancel']);
    const [stored] = await rowOf(t, endedOnStripe.id);
    expect(stored?.expiry?.toISOString()).toBe(endedAt);
    expect(stored?.canceledAt?.toISOString()).toBe(endedAt);
  });

  it('an event type we do not use is acknowledged without reading Stripe', async () => {
    const mark = fake.requests.length;
    const response = await deliver(t, {
      id: 'evt_unused_type',
      type: 'customer.created',
      object: { id: 'cus_elsewhere', object: 'customer' },
    });
    expect(response.statusCode).toBe(200);
    expect(callsSince(mark)).toEqual([]);
    const stored = await t.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, 'evt_unused_type'));
    expect(stored).toMatchObject([{ type: 'customer.created' }]);
  });
});
