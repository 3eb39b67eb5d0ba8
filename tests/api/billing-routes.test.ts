import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/env';
import { UNAUTHENTICATED, expectNoInternals } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { charge, DAY, START } from './billing-support';

let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = START;
  trainee = await createTrainee(t.db, { dateJoined: START });
  supervisor = await createSupervisor(t.db, { dateJoined: START });
});
afterAll(async () => t.close());

const ROUTES = [
  ['GET', '/api/v1/subscription/'],
  ['GET', '/api/v1/user-subscription/'],
  ['POST', '/api/v1/charge-payment/'],
  ['PUT', '/api/v1/charge-payment/'],
  ['POST', '/api/v1/modify-subscription/'],
  ['POST', '/api/v1/modify-payment-method/'],
  ['GET', '/api/v1/user-payment-details/'],
  ['GET', '/api/v1/verify-coupon?coupon=SAVE20'],
] as const;
const WRITES = ROUTES.filter(([method]) => method !== 'GET');
const VALID_BODY = { sub_id: 12, token: 'tok_visa', id: 1 };

describe('every billing route needs a signed-in person', () => {
  it.each(ROUTES)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.request({
      method,
      url,
      payload: method === 'GET' ? undefined : VALID_BODY,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });

  it.each(ROUTES)('%s %s answers 401 with a token that is not one', async (method, url) => {
    const response = await t.request({
      method,
      url,
      token: 'a'.repeat(64),
      payload: method === 'GET' ? undefined : VALID_BODY,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('supervisors never pay', () => {
  it.each(WRITES)('%s %s answers 403 to a supervisor', async (method, url) => {
    const response = await t.request({ method, url, token: supervisor.token, payload: VALID_BODY });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Only trainees can do this.', code: 'FORBIDDEN' });
  });

  it('lets a supervisor read: no trial to offer, no subscription, no card', async () => {
    const plans = await t.request({
      method: 'GET',
      url: '/api/v1/subscription/',
      token: supervisor.token,
    });
    expect(plans.json()).toMatchObject({ trial_available: false });
    const mine = await t.request({
      method: 'GET',
      url: '/api/v1/user-subscription/',
      token: supervisor.token,
    });
    expect(mine.json()).toEqual({
      results: [],
      standing: { access: 'supervisor', ends_at: null, warning: null },
    });
    const card = await t.request({
      method: 'GET',
      url: '/api/v1/user-payment-details/',
      token: supervisor.token,
    });
    expect(card.json()).toEqual({ last4: null, brand: null, exp_month: null, exp_year: null });
  });
});

describe('GET /api/v1/subscription/', () => {
  it('lists the four plans with the contract ids, prices from configuration, Trial hidden', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/subscription/',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          id: 3,
          name: 'Trial',
          price: { price: 0, period: 'month', unit_amount: 0 },
          is_hidden: true,
        },
        {
          id: 12,
          name: 'Monthly',
          price: { price: 14.99, period: 'month', unit_amount: 1499 },
          is_hidden: false,
        },
        {
          id: 13,
          name: 'Yearly',
          price: { price: 149, period: 'year', unit_amount: 14900 },
          is_hidden: false,
        },
        {
          id: 14,
          name: 'Lifetime',
          price: { price: 299, period: 'life_time', unit_amount: 29900 },
          is_hidden: false,
        },
      ],
      trial_available: true,
      test_mode: true,
      stripe_publishable_key: null,
    });
  });

  it('offers the trial through day 7 and not on day 8', async () => {
    const late = await createTrainee(t.db, {
      dateJoined: new Date(START.getTime() - 7 * DAY - 60_000),
    });
    const onTime = await createTrainee(t.db, {
      dateJoined: new Date(START.getTime() - 7 * DAY + 60_000),
    });
    const read = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/v1/subscription/', token })).json<{
        trial_available: boolean;
      }>().trial_available;
    expect(await read(onTime.token)).toBe(true);
    expect(await read(late.token)).toBe(false);
  });

  it('takes its prices from PRICE_*_CENTS, and a bad price stops the start naming the variable', async () => {
    const priced = await createTestApp({
      PRICE_MONTHLY_CENTS: '999',
      PRICE_YEARLY_CENTS: '9900',
      PRICE_LIFETIME_CENTS: '19900',
    });
    try {
      const someone = await createTrainee(priced.db);
      const response = await priced.request({
        method: 'GET',
        url: '/api/v1/subscription/',
        token: someone.token,
      });
      expect(
        response
          .json<{ results: { id: number; price: { price: number } }[] }>()
          .results.map((plan) => [plan.id, plan.price.price]),
      ).toEqual([
        [3, 0],
        [12, 9.99],
        [13, 99],
        [14, 199],
      ]);
    } finally {
      await priced.close();
    }
    expect(() => loadConfig({ PRICE_YEARLY_CENTS: '149.5' })).toThrow(
      'PRICE_YEARLY_CENTS: must be a whole number of cents',
    );
  });

  it('documents every billing path in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/subscription/',
        '/api/v1/user-subscription/',
        '/api/v1/charge-payment/',
        '/api/v1/modify-subscription/',
        '/api/v1/modify-payment-method/',
        '/api/v1/user-payment-details/',
        '/api/v1/verify-coupon',
      ]),
    );
  });
});

describe('bad input answers 400 with the field named', () => {
  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['no plan', { token: 'tok_visa' }, { sub_id: ['Please select a subscription plan'] }],
    [
      'the hidden Trial plan',
      { sub_id: 3, token: 'tok_visa' },
      { sub_id: ['Please select a subscription plan'] },
    ],
    [
      'a plan id that is not a number',
      { sub_id: 'monthly', token: 'tok_visa' },
      { sub_id: ['Please select a subscription plan'] },
    ],
    ['no card token', { sub_id: 12 }, { token: ['A card token is required'] }],
    [
      'a card number instead of a token',
      { sub_id: 12, token: '4242 4242 4242 4242' },
      { token: ['Not a valid card token'] },
    ],
    [
      'a trial flag that is not one',
      { sub_id: 12, token: 'tok_visa', trial: 'maybe' },
      { trial: ['Must be true or false'] },
    ],
  ])('charge-payment with %s', async (_case, payload, body) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/charge-payment/',
      token: trainee.token,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(body);
  });

  it('verify-coupon with a code the database could not store', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/verify-coupon?coupon=SAVE%0020',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ coupon: ['Must not contain control characters'] });
  });

  it('charge-payment with a coupon the database could not store', async () => {
    const response = await charge(t, trainee.token, {
      sub_id: 12,
      token: 'tok_visa',
      coupon: 'SAVE\u000020',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ coupon: ['Must not contain control characters'] });
  });

  it.each([2_147_483_648, 0, 'abc'])('modify-subscription with the id %s', async (id) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/modify-subscription/',
      token: trainee.token,
      payload: { id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: ['Not a valid id'] });
  });

  it('modify-payment-method without a token', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/modify-payment-method/',
      token: trainee.token,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ token: ['A card token is required'] });
  });

  it.each([
    '/api/v1/verify-coupon',
    '/api/v1/verify-coupon?coupon=',
    '/api/v1/verify-coupon?coupon=%20%20',
  ])('GET %s asks for a code (SPEC §5)', async (url) => {
    const response = await t.request({ method: 'GET', url, token: trainee.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ coupon: ['Please enter a coupon code'] });
  });

  it('a body that is not JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/charge-payment/',
      token: trainee.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"sub_id":',
    });
    expect(response.statusCode).toBe(400);
    expectNoInternals(response);
  });
});
