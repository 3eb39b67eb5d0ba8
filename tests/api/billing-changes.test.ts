import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { charge, currentSubscription, DAY, eventsOf, START } from './billing-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Each test starts its own trainee at the fixed start. */
async function subscribed(
  planId: number,
  token = 'tok_visa',
): Promise<TestUser & { subscriptionId: number }> {
  t.clock.now = START;
  const trainee = await createTrainee(t.db, { dateJoined: new Date(START.getTime() - 30 * DAY) });
  const response = await charge(t, trainee.token, { sub_id: planId, token });
  if (response.statusCode !== 201) throw new Error(response.body);
  return {
    ...trainee,
    subscriptionId: response.json<{ subscription: { id: number } }>().subscription.id,
  };
}
const cancel = (user: TestUser, id: number) =>
  t.request({
    method: 'POST',
    url: '/api/v1/modify-subscription/',
    token: user.token,
    payload: { id },
  });
const changeCard = (user: TestUser, token: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/modify-payment-method/',
    token: user.token,
    payload: { token },
  });

describe('PUT /api/v1/charge-payment/: changing plan', () => {
  it('moves Monthly to Yearly halfway through, crediting the unused half month', async () => {
    const trainee = await subscribed(12);
    t.clock.advanceMinutes(15 * 24 * 60);
    const response = await charge(t, trainee.token, { sub_id: 13, token: 'tok_visa' }, 'PUT');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      msg: 'Successfully Updated Subscription',
      subscription: {
        id: trainee.subscriptionId,
        subscription: { id: 13 },
        status: 'active',
        expiry: '2027-09-16T12:00:00.000Z',
        next_payment_amount: 14900,
      },
    });
    // 15 of 30 days unused: floor(1499 / 2) = 749 off the yearly 14900.
    expect((await eventsOf(t, trainee.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 1499],
      ['plan_change', 14151],
    ]);
    const mail = await t.lastMailTo(trainee.email);
    expect(mail?.subject).toBe('Fieldwork Tracker: plan changed (Yearly)');
    expect(mail?.text).toContain('Amount: $141.51');
  });

  it('moves Yearly to Lifetime with the unused year credited, and Lifetime is then final', async () => {
    const trainee = await subscribed(13);
    const response = await charge(t, trainee.token, { sub_id: 14, token: 'tok_visa' }, 'PUT');
    expect(response.statusCode).toBe(200);
    expect(response.json().subscription).toMatchObject({
      is_lifetime: true,
      expiry: null,
      external_subscription_id: null,
      next_payment_date: null,
    });
    expect((await eventsOf(t, trainee.id)).map((e) => e.amountCents)).toEqual([14900, 15000]);
    const again = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' }, 'PUT');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'Your Lifetime plan never needs changing.' });
    const cancelled = await cancel(trainee, trainee.subscriptionId);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      error: 'A Lifetime plan has nothing to cancel: it never renews.',
    });
  });

  it('moves Yearly to Monthly the next day: nothing to pay, the rest kept as credit', async () => {
    const trainee = await subscribed(13);
    t.clock.advanceMinutes(24 * 60);
    const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' }, 'PUT');
    expect(response.json().subscription).toMatchObject({
      subscription: { id: 12 },
      next_payment_amount: 0,
    });
    expect((await eventsOf(t, trainee.id)).map((e) => e.amountCents)).toEqual([14900, 0]);
  });

  it('leaves everything as it was when the new card is declined', async () => {
    const trainee = await subscribed(12);
    const before = await currentSubscription(t, trainee.token);
    const response = await charge(
      t,
      trainee.token,
      { sub_id: 13, token: 'tok_chargeDeclined' },
      'PUT',
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: 'Your card was declined.' });
    expect(await currentSubscription(t, trainee.token)).toEqual(before);
  });

  it('needs a subscription to update, and the trial only starts a new one', async () => {
    t.clock.now = START;
    const newcomer = await createTrainee(t.db, { dateJoined: START });
    const none = await charge(t, newcomer.token, { sub_id: 12, token: 'tok_visa' }, 'PUT');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      error: 'You have no subscription to update yet. Choose a plan first.',
      detail: 'You have no subscription to update yet. Choose a plan first.',
      code: 'BILLING_CONFLICT',
    });
    expect((await charge(t, newcomer.token, { sub_id: 12, token: 'tok_visa' })).statusCode).toBe(
      201,
    );
    const trial = await charge(
      t,
      newcomer.token,
      { sub_id: 13, token: 'tok_visa', trial: 1 },
      'PUT',
    );
    expect(trial.json()).toMatchObject({
      error: 'The free trial can only start a new subscription.',
    });
  });
});

describe('POST /api/v1/modify-subscription/: cancelling', () => {
  it('keeps access until expiry, and paying again afterwards starts a new period', async () => {
    const trainee = await subscribed(12);
    const response = await cancel(trainee, trainee.subscriptionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Successfully Canceled Subscription' });
    expect((await cancel(trainee, trainee.subscriptionId)).json()).toEqual({
      msg: 'Successfully Canceled Subscription',
    });
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: true,
      is_active: true,
      expiry: '2026-10-01T12:00:00.000Z',
      next_payment_date: null,
      next_payment_amount: null,
    });
    expect((await eventsOf(t, trainee.id)).map((e) => e.kind)).toEqual(['charge', 'cancel']);

    t.clock.now = new Date('2026-10-01T12:01:00.000Z');
    expect((await currentSubscription(t, trainee.token))?.is_active).toBe(true);
    t.clock.now = new Date('2026-10-01T12:03:00.000Z');
    expect((await currentSubscription(t, trainee.token))?.is_active).toBe(false);

    // The contract's client sends a trainee with an external subscription id to the update call.
    const again = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa' }, 'PUT');
    expect(again.statusCode).toBe(200);
    expect(again.json().msg).toBe('Successfully Updated Subscription');
    expect(again.json().subscription).toMatchObject({
      id: trainee.subscriptionId,
      status: 'active',
      is_active: true,
      expiry: '2026-11-01T12:03:00.000Z',
    });
  });

  it('resumes a cancelled plan before it ends, without charging again', async () => {
    const trainee = await subscribed(13);
    await cancel(trainee, trainee.subscriptionId);
    const response = await charge(t, trainee.token, { sub_id: 13, token: 'tok_visa' }, 'PUT');
    expect(response.json()).toMatchObject({
      msg: 'Successfully Updated Subscription',
      subscription: {
        status: 'active',
        cancel_at_period_end: false,
        expiry: '2027-09-01T12:00:00.000Z',
      },
    });
    expect((await eventsOf(t, trainee.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 14900],
      ['cancel', 0],
      ['plan_change', 0],
    ]);
  });
});

describe('POST /api/v1/modify-payment-method/', () => {
  it('saves a new card, and a declined one changes nothing', async () => {
    const trainee = await subscribed(12);
    const response = await changeCard(trainee, 'tok_mastercard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Successfully Updated Payment Method' });
    const details = () =>
      t.request({ method: 'GET', url: '/api/v1/user-payment-details/', token: trainee.token });
    expect((await details()).json()).toEqual({
      last4: '4444',
      brand: 'mastercard',
      exp_month: 12,
      exp_year: 2029,
    });
    const declined = await changeCard(trainee, 'tok_chargeDeclinedExpiredCard');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      error: 'Your card has expired.',
      code: 'PAYMENT_FAILED',
    });
    expect((await details()).json()).toMatchObject({ last4: '4444' });
  });

  it('needs a subscription first', async () => {
    const trainee = await createTrainee(t.db);
    const response = await changeCard(trainee, 'tok_visa');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'You have no subscription yet. Choose a plan first.',
    });
  });
});
