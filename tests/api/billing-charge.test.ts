import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../helpers/accounts';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addCoupon, charge, currentSubscription, DAY, START, storedFor } from './billing-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = START;
  await addCoupon(t, { code: 'SAVE20', percentOff: 20 });
  await addCoupon(t, { code: 'SINGLE', percentOff: 10, maxUses: 1 });
});
afterAll(async () => t.close());

const newTrainee = (joinedDaysAgo = 0) =>
  createTrainee(t.db, { dateJoined: new Date(t.clock.now.getTime() - joinedDaysAgo * DAY) });
const paymentDetails = async (user: TestUser) =>
  (
    await t.request({ method: 'GET', url: '/api/v1/user-payment-details/', token: user.token })
  ).json();

describe('POST /api/v1/charge-payment/: paying for a plan', () => {
  it('charges Monthly on tok_visa: the contract message, the subscription, the card, a receipt', async () => {
    const trainee = await newTrainee(2);
    const response = await charge(t, trainee.token, {
      sub_id: 12,
      token: 'tok_visa',
      coupon: '',
      trial: 0,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.msg).toBe('Successfully Charged for Subscription');
    expect(body.subscription).toMatchObject({
      subscription: { id: 12, name: 'Monthly', price: { price: 14.99, period: 'month' } },
      expiry: '2026-10-01T12:00:00.000Z',
      is_active: true,
      is_lifetime: false,
      external_subscription_id: expect.stringMatching(/^sub_sbx_/),
      status: 'active',
      cancel_at_period_end: false,
      next_payment_date: '2026-10-01T12:00:00.000Z',
      next_payment_amount: 1499,
      trial_end: null,
      trial_used: false,
      events: [
        {
          kind: 'charge',
          plan: 'Monthly',
          amount: 1499,
          coupon: null,
          card_last4: '4242',
          message: null,
          created_at: START.toISOString(),
        },
      ],
    });
    expect(await currentSubscription(t, trainee.token)).toEqual(body.subscription);
    expect(await paymentDetails(trainee)).toEqual({
      last4: '4242',
      brand: 'visa',
      exp_month: 12,
      exp_year: 2029,
    });

    const receipt = await t.lastMailTo(trainee.email);
    expect(receipt?.subject).toBe('Fieldwork Tracker: payment received (Monthly)');
    expect(receipt?.text).toContain(
      [
        'Plan: Monthly',
        'Amount: $14.99',
        'Coupon: none',
        'Date: 9/1/2026',
        'Card: ending in 4242',
        'Next payment: $14.99 on 10/1/2026',
      ].join('\n'),
    );
    expect(receipt?.text).toContain(
      'Test mode: this payment went to the sandbox provider; no money moved.',
    );
  });

  it('shows is_paid in the login and profile answers once the trainee has paid', async () => {
    const trainee = await newTrainee();
    const isPaidAtLogin = async () =>
      (await logIn(t, { username: trainee.email, password: trainee.password })).json<{
        user: { is_paid: boolean };
      }>().user.is_paid;
    const isPaidInProfile = async () =>
      (await t.request({ method: 'GET', url: '/users/profile/', token: trainee.token })).json<{
        results: { is_paid: boolean }[];
      }>().results[0]?.is_paid;
    expect(await isPaidAtLogin()).toBe(false);
    expect(await isPaidInProfile()).toBe(false);
    expect(
      (await charge(t, trainee.token, { sub_id: 13, token: 'tok_mastercard' })).statusCode,
    ).toBe(201);
    expect(await isPaidAtLogin()).toBe(true);
    expect(await isPaidInProfile()).toBe(true);
  });

  it('sells Lifetime as a one-off charge that never expires', async () => {
    const trainee = await newTrainee();
    const response = await charge(t, trainee.token, { sub_id: 14, token: 'tok_amex' });
    expect(response.statusCode).toBe(201);
    expect(response.json().subscription).toMatchObject({
      subscription: { id: 14 },
      expiry: null,
      is_active: true,
      is_lifetime: true,
      external_subscription_id: null,
      next_payment_date: null,
      next_payment_amount: null,
      events: [{ kind: 'charge', amount: 29900, card_last4: '0005' }],
    });
  });

  it.each<[string, string]>([
    ['tok_chargeDeclined', 'Your card was declined.'],
    ['tok_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['tok_chargeDeclinedExpiredCard', 'Your card has expired.'],
    ['tok_nope', "No such token: 'tok_nope'"],
  ])(
    'answers %s with the provider message in `error`, and stores nothing',
    async (token, message) => {
      const trainee = await newTrainee();
      const response = await charge(t, trainee.token, { sub_id: 12, token, coupon: 'SAVE20' });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ error: message, detail: message, code: 'PAYMENT_FAILED' });
      expect(await storedFor(t, trainee.id)).toEqual({
        subscriptions: 0,
        paymentMethods: 0,
        events: 0,
        isPaid: false,
      });
      expect(await currentSubscription(t, trainee.token)).toBeUndefined();
      expect(await paymentDetails(trainee)).toEqual({
        last4: null,
        brand: null,
        exp_month: null,
        exp_year: null,
      });
      expect(await t.lastMailTo(trainee.email)).toBeUndefined();
    },
  );

  it('gives a declined card’s coupon use back', async () => {
    const trainee = await newTrainee();
    expect(
      (
        await charge(t, trainee.token, {
          sub_id: 12,
          token: 'tok_chargeDeclined',
          coupon: 'SINGLE',
        })
      ).statusCode,
    ).toBe(402);
    const second = await newTrainee();
    expect(
      (await charge(t, second.token, { sub_id: 12, token: 'tok_visa', coupon: 'SINGLE' }))
        .statusCode,
    ).toBe(201);
    const third = await newTrainee();
    const usedUp = await charge(t, third.token, {
      sub_id: 12,
      token: 'tok_visa',
      coupon: 'SINGLE',
    });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json()).toEqual({ coupon: ['Invalid Coupon'] });
    expect(await storedFor(t, third.id)).toMatchObject({ subscriptions: 0, events: 0 });
  });

  it('refuses a second subscription while one is active', async () => {
    const trainee = await newTrainee();
    expect((await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' })).statusCode).toBe(
      201,
    );
    const again = await charge(t, trainee.token, { sub_id: 13, token: 'tok_visa' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'You already have a subscription. Change it from your subscription page.',
      code: 'BILLING_CONFLICT',
    });
    expect(await storedFor(t, trainee.id)).toMatchObject({ subscriptions: 1, events: 1 });
  });
});

describe('the 7-day trial', () => {
  it('starts Monthly with the trial: nothing charged, the card saved, first payment when the trial ends', async () => {
    const trainee = await newTrainee(3);
    const response = await charge(t, trainee.token, {
      sub_id: 12,
      token: 'tok_visa',
      trial: '1',
      coupon: 'SAVE20',
    });
    expect(response.statusCode).toBe(201);
    const trialEnd = new Date(START.getTime() + 4 * DAY).toISOString();
    expect(response.json().subscription).toMatchObject({
      status: 'trialing',
      expiry: trialEnd,
      trial_end: trialEnd,
      trial_used: true,
      is_active: true,
      next_payment_date: trialEnd,
      next_payment_amount: 1199,
      events: [{ kind: 'trial', amount: 0, coupon: 'SAVE20', card_last4: '4242' }],
    });
    const mail = await t.lastMailTo(trainee.email);
    expect(mail?.subject).toBe('Fieldwork Tracker: your free trial has started (Monthly)');
    expect(mail?.text).toContain('Next payment: $11.99 on 9/5/2026');
    const plans = await t.request({
      method: 'GET',
      url: '/api/v1/subscription/',
      token: trainee.token,
    });
    expect(plans.json()).toMatchObject({ trial_available: false });
  });

  it.each<[string, number, number, string]>([
    ['Lifetime', 14, 0, 'The free trial is only for the Monthly and Yearly plans.'],
    ['a trial that ended on day 8', 12, 8, 'Your free trial has already been used or has ended.'],
  ])('refuses the trial for %s', async (_case, planId, joinedDaysAgo, message) => {
    const trainee = await newTrainee(joinedDaysAgo);
    const response = await charge(t, trainee.token, {
      sub_id: planId,
      token: 'tok_visa',
      trial: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: message });
    expect(await storedFor(t, trainee.id)).toMatchObject({ subscriptions: 0 });
  });
});

describe('another trainee’s billing is never visible', () => {
  it('shows nothing of it and cannot cancel it', async () => {
    const owner = await newTrainee();
    const other = await newTrainee();
    const paid = await charge(t, owner.token, { sub_id: 12, token: 'tok_visa' });
    const id = paid.json<{ subscription: { id: number } }>().subscription.id;
    expect(await currentSubscription(t, other.token)).toBeUndefined();
    expect(await paymentDetails(other)).toEqual({
      last4: null,
      brand: null,
      exp_month: null,
      exp_year: null,
    });
    const cancel = await t.request({
      method: 'POST',
      url: '/api/v1/modify-subscription/',
      token: other.token,
      payload: { id },
    });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json()).toEqual({ detail: 'Subscription not found', code: 'NOT_FOUND' });
    expect((await currentSubscription(t, owner.token))?.cancel_at_period_end).toBe(false);
  });
});

describe('payment attempts', () => {
  it('limits how fast one trainee can try cards', async () => {
    const carder = await createTrainee(t.db, { dateJoined: START });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await charge(t, carder.token, { sub_id: 12, token: 'tok_chargeDeclined' })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(402), 429]);
  });
});
