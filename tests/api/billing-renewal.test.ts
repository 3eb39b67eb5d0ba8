import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSandboxPayments } from '../../src/server/adapters/payments/sandbox';
import { userSubscriptions } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { runRenewals } from '../../src/server/features/billing/billing-renewal.service';
import { pricesFromConfig } from '../../src/server/features/billing/billing.wire';
import { mailCountTo } from '../helpers/accounts';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addCoupon, charge, currentSubscription, DAY, eventsOf, START } from './billing-support';

let t: TestApp;
const APP_URL = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  await addCoupon(t, { code: 'SAVE20', percentOff: 20 });
});
afterAll(async () => t.close());

/** One instance's run of the renewal job at `at`. */
const runAt = (at: string, payments = createSandboxPayments()) =>
  runRenewals({
    db: t.db,
    payments,
    mailer: t.mailer,
    prices: pricesFromConfig(loadConfig({})),
    appUrl: APP_URL,
    now: new Date(at),
  });

async function subscribe(
  at: Date,
  body: { sub_id: number; token?: string; trial?: boolean; coupon?: string },
  joined = at,
): Promise<TestUser & { subscriptionId: number }> {
  t.clock.now = at;
  const trainee = await createTrainee(t.db, { dateJoined: joined });
  const response = await charge(t, trainee.token, { token: 'tok_visa', ...body });
  if (response.statusCode !== 201) throw new Error(response.body);
  return {
    ...trainee,
    subscriptionId: response.json<{ subscription: { id: number } }>().subscription.id,
  };
}
const changeCard = (user: TestUser, token: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/modify-payment-method/',
    token: user.token,
    payload: { token },
  });

describe('the renewal job', () => {
  it('renews a due Monthly plan once when two instances run at the same moment, and mails a receipt', async () => {
    const trainee = await subscribe(START, { sub_id: 12 });
    expect(await runAt('2026-09-30T12:00:00Z')).toBe(0);
    const claims = await Promise.all([
      runAt('2026-10-01T11:30:00Z'),
      runAt('2026-10-01T11:30:00Z'),
    ]);
    expect(claims.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await runAt('2026-10-01T11:45:00Z')).toBe(0);

    t.clock.now = new Date('2026-10-01T11:30:00Z');
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'active',
      // The new month starts when the old one ends, however early it was charged.
      expiry: '2026-11-01T12:00:00.000Z',
      next_payment_date: '2026-11-01T12:00:00.000Z',
    });
    expect((await eventsOf(t, trainee.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', 1499],
      ['renewal', 1499],
    ]);
    expect(await mailCountTo(t, trainee.email)).toBe(2);
    const receipt = await t.lastMailTo(trainee.email);
    expect(receipt?.subject).toBe('Fieldwork Tracker: subscription renewed (Monthly)');
    expect(receipt?.text).toContain(
      [
        'Plan: Monthly',
        'Amount: $14.99',
        'Coupon: none',
        'Date: 10/1/2026',
        'Card: ending in 4242',
        'Next payment: $14.99 on 11/1/2026',
      ].join('\n'),
    );
  });

  it('takes the first payment when a trial ends, with the coupon given at sign-up', async () => {
    const joined = new Date(START.getTime() - 3 * DAY);
    const trainee = await subscribe(START, { sub_id: 12, trial: true, coupon: 'SAVE20' }, joined);
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'trialing',
      trial_end: '2026-09-05T12:00:00.000Z',
    });
    expect(await runAt('2026-09-04T12:00:00Z')).toBe(0);
    await runAt('2026-09-05T11:30:00Z');
    t.clock.now = new Date('2026-09-05T11:30:00Z');
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'active',
      trial_end: null,
      expiry: '2026-10-05T12:00:00.000Z',
      next_payment_amount: 1499,
    });
    expect(await eventsOf(t, trainee.id)).toEqual([
      { kind: 'trial', amountCents: 0, couponCode: 'SAVE20', providerRef: null },
      {
        kind: 'renewal',
        amountCents: 1199,
        couponCode: 'SAVE20',
        providerRef: expect.stringMatching(/^ch_sbx_/),
      },
    ]);
    expect((await t.lastMailTo(trainee.email))?.text).toContain('Amount: $11.99\nCoupon: SAVE20');
  });

  it('marks a refused renewal past due, mails the trainee, retries, and renews on a new card', async () => {
    const trainee = await subscribe(new Date('2026-09-10T12:00:00Z'), { sub_id: 12 });
    t.clock.now = new Date('2026-09-20T12:00:00Z');
    expect((await changeCard(trainee, 'tok_chargeCustomerFail')).statusCode).toBe(200);

    await runAt('2026-10-10T11:30:00Z');
    t.clock.now = new Date('2026-10-10T11:30:00Z');
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'past_due',
      is_active: true,
      next_payment_date: '2026-10-11T11:30:00.000Z',
    });
    const mail = await t.lastMailTo(trainee.email);
    expect(mail?.subject).toBe('Fieldwork Tracker: your subscription payment failed');
    expect(mail?.text).toContain(
      'We could not renew your Monthly plan: the $14.99 payment to the card ending in 0341 was refused ("Your card was declined.").',
    );
    expect(mail?.text).toContain('We will try again on 10/11/2026.');
    expect(mail?.text).toContain('Your access runs until 10/10/2026.');
    expect(mail?.text).toContain(
      `Update your card: ${APP_URL}/student/subscription/update-payment-method`,
    );

    t.clock.now = new Date('2026-10-10T12:03:00Z');
    expect((await currentSubscription(t, trainee.token))?.is_active).toBe(false);

    await runAt('2026-10-10T13:00:00Z');
    await runAt('2026-10-11T11:30:00Z');
    expect((await eventsOf(t, trainee.id)).map((e) => e.kind)).toEqual([
      'charge',
      'payment_method',
      'failure',
      'failure',
    ]);

    t.clock.now = new Date('2026-10-11T13:00:00Z');
    const stillFailing = await changeCard(trainee, 'tok_chargeCustomerFail');
    expect(stillFailing.statusCode).toBe(402);
    expect(stillFailing.json()).toMatchObject({ error: 'Your card was declined.' });
    // A card that does not pay the overdue renewal is not kept.
    expect((await eventsOf(t, trainee.id)).map((e) => e.kind)).toEqual([
      'charge',
      'payment_method',
      'failure',
      'failure',
    ]);
    const fixed = await changeCard(trainee, 'tok_visa');
    expect(fixed.json()).toEqual({ msg: 'Successfully Updated Payment Method' });
    expect(await currentSubscription(t, trainee.token)).toMatchObject({
      status: 'active',
      is_active: true,
      // Renewed from now: the lapsed day is not billed.
      expiry: '2026-11-11T13:00:00.000Z',
    });
    expect((await t.lastMailTo(trainee.email))?.subject).toBe(
      'Fieldwork Tracker: subscription renewed (Monthly)',
    );
    expect((await eventsOf(t, trainee.id)).at(-1)).toMatchObject({
      kind: 'renewal',
      amountCents: 1499,
    });
    const card = await t.request({
      method: 'GET',
      url: '/api/v1/user-payment-details/',
      token: trainee.token,
    });
    expect(card.json()).toMatchObject({ last4: '4242', brand: 'visa' });
  });

  it('never renews a cancelled plan or a lifetime one', async () => {
    const cancelled = await subscribe(new Date('2026-09-15T12:00:00Z'), { sub_id: 12 });
    await t.request({
      method: 'POST',
      url: '/api/v1/modify-subscription/',
      token: cancelled.token,
      payload: { id: cancelled.subscriptionId },
    });
    const lifetime = await subscribe(new Date('2026-09-15T12:00:00Z'), { sub_id: 14 });
    await runAt('2026-10-15T11:30:00Z');
    await runAt('2027-10-15T11:30:00Z');
    expect((await eventsOf(t, cancelled.id)).map((e) => e.kind)).toEqual(['charge', 'cancel']);
    expect((await eventsOf(t, lifetime.id)).map((e) => e.kind)).toEqual(['charge']);
  });

  it('renews the others when one charge cannot reach the provider, and retries that one later', async () => {
    const unlucky = await subscribe(new Date('2026-09-20T12:00:00Z'), { sub_id: 12 });
    const lucky = await subscribe(new Date('2026-09-20T12:00:00Z'), { sub_id: 12 });
    const [row] = await t.db
      .select({ customerId: userSubscriptions.providerCustomerId })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.traineeId, unlucky.id));
    const sandbox = createSandboxPayments();
    const unreachable = {
      ...sandbox,
      charge: async (input: Parameters<typeof sandbox.charge>[0]) => {
        if (input.customerId === row?.customerId) throw new Error('provider unreachable');
        return sandbox.charge(input);
      },
    };
    await expect(runAt('2026-10-20T11:30:00Z', unreachable)).rejects.toThrow(
      '1 of 2 renewals failed',
    );
    expect((await eventsOf(t, lucky.id)).map((e) => e.kind)).toEqual(['charge', 'renewal']);
    expect((await eventsOf(t, unlucky.id)).map((e) => e.kind)).toEqual(['charge']);
    // Its claim is still held a few minutes later, then taken over.
    await runAt('2026-10-20T11:35:00Z');
    expect((await eventsOf(t, unlucky.id)).map((e) => e.kind)).toEqual(['charge']);
    await runAt('2026-10-20T11:45:00Z');
    expect((await eventsOf(t, unlucky.id)).map((e) => e.kind)).toEqual(['charge', 'renewal']);
  });
});
