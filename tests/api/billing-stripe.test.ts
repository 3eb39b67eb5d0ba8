import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from './billing-stripe-fake';
import { FIRST, startStripeApp, subscribedTrainee } from './billing-stripe-support';
import { charge, currentSubscription, eventsOf, storedFor } from './billing-support';
import { createTrainee } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/** PAYMENTS=stripe: the adapter's calls, checked at the HTTP boundary against a fake Stripe. */

let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  ({ t, fake } = await startStripeApp());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const callsSince = (mark: number) => fake.requests.slice(mark);
const shape = (call: { method: string; path: string }) =>
  `${call.method} ${call.path.replace(/_fake\d+/, '_*')}`;

describe('PAYMENTS=stripe: paying through Stripe', () => {
  it('charges Monthly: customer, card, price and subscription on Stripe, each write with its own idempotency key', async () => {
    const mark = fake.requests.length;
    const trainee = await createTrainee(t.db);
    const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' });
    expect(response.statusCode).toBe(201);
    expect(response.json().msg).toBe('Successfully Charged for Subscription');

    const calls = callsSince(mark);
    expect(calls.map(shape)).toEqual([
      'POST /v1/customers',
      'POST /v1/payment_methods',
      'POST /v1/payment_methods/pm_*/attach',
      'POST /v1/customers/cus_*',
      'POST /v1/prices',
      'POST /v1/subscriptions',
    ]);
    for (const call of calls) expect(call.idempotencyKey).toMatch(/\S{8,}/);
    expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(calls.length);
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

    expect(await currentSubscription(t, trainee.token)).toMatchObject({
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

  it.each([
    ['when the card is saved', 'tok_chargeDeclined'],
    ['when the subscription is charged', 'tok_chargeCustomerFail'],
  ])('a card Stripe declines %s: 402 with Stripe’s message, nothing stored', async (_, token) => {
    const trainee = await createTrainee(t.db);
    const response = await charge(t, trainee.token, { sub_id: 12, token });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ detail: 'Your card was declined.' });
    expect(await storedFor(t, trainee.id)).toEqual({
      subscriptions: 0,
      paymentMethods: 0,
      events: 0,
      isPaid: false,
    });
  });

  it('charges Lifetime once with a confirmed PaymentIntent, and stores no Stripe subscription', async () => {
    const trainee = await createTrainee(t.db);
    const mark = fake.requests.length;
    const response = await charge(t, trainee.token, { sub_id: 14, token: 'tok_mastercard' });
    expect(response.statusCode).toBe(201);
    const intent = callsSince(mark).find((call) => call.path === '/v1/payment_intents');
    expect(intent?.idempotencyKey).toMatch(/\S{8,}/);
    expect(intent?.form).toMatchObject({
      amount: '29900',
      currency: 'usd',
      confirm: 'true',
      off_session: 'true',
      customer: expect.stringMatching(/^cus_fake/),
      payment_method: expect.stringMatching(/^pm_fake/),
    });
    expect(callsSince(mark).some((call) => call.path === '/v1/subscriptions')).toBe(false);
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      is_lifetime: true,
      external_subscription_id: null,
      events: [{ kind: 'charge', amount: 29900, card_last4: '4444' }],
    });
    expect((await eventsOf(t, trainee.id))[0]?.providerRef).toMatch(/^pi_fake/);
  });

  it('cancels at the period end on Stripe', async () => {
    const trainee = await subscribedTrainee(t);
    const row = await currentSubscription(t, trainee.token);
    const mark = fake.requests.length;
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/modify-subscription/',
      token: trainee.token,
      payload: { id: row?.id },
    });
    expect(response.statusCode).toBe(200);
    const calls = callsSince(mark);
    expect(calls.map(shape)).toEqual(['POST /v1/subscriptions/sub_*']);
    expect(calls[0]?.path).toBe(`/v1/subscriptions/${trainee.subscriptionId}`);
    expect(calls[0]?.form).toEqual({ cancel_at_period_end: 'true' });
    expect(calls[0]?.idempotencyKey).toMatch(/\S{8,}/);
    expect(fake.subscriptions.get(trainee.subscriptionId)?.cancel_at_period_end).toBe(true);
  });

  it('leaves the other routes their JSON parsing (their validation still names the field)', async () => {
    const trainee = await createTrainee(t.db);
    const response = await charge(t, trainee.token, { sub_id: '', token: 'tok_visa' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ sub_id: ['Please select a subscription plan'] });
  });
});
