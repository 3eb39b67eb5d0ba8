import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertToken } from '../../src/server/features/accounts/accounts.repository';
import { guard, newToken, TOKEN_LIFETIME_MS } from '../../src/server/plugins/auth';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/features/billing/billing-webhook.routes';
import { PAYWALL_EXEMPT, WRITE_METHODS } from '../../src/server/plugins/paywall';
import { WHOLE_RECORD_PATH } from '../../src/server/features/records-export/records-export.routes';
import { PAYWALL_MESSAGES } from '../../src/shared/billing/access';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTableFingerprint } from '../helpers/table-fingerprint';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { charge, DAY } from './billing-support';
import { startStripeApp } from './billing-stripe-support';

/*
 * The paywall, walked over the app's own route table: every write a trainee can send is either
 * refused to an unpaid trainee (402, SPEC §8 message, nothing stored) or exempt on purpose.
 */

/**
 * Every trainee write the paywall refuses. A new write route fails the first test until it is
 * put here or in PAYWALL_EXEMPT (with the reason): nobody adds a route without deciding.
 */
const PAYWALLED = [
  'POST /api/v1/experience-log/',
  'PUT /api/v1/experience-log/:id/',
  'DELETE /api/v1/experience-log/:id/',
  'POST /api/v1/experience-log/:id/restore/',
  'POST /api/v1/trainee-supervisors/',
  'PATCH /api/v1/trainee-supervisors/:id/',
  'DELETE /api/v1/trainee-supervisors/:id/',
  // Giving a supervisor their access back is using the product again; ending it is exempt.
  'POST /api/v1/trainee-supervisors/:id/restore-access/',
  'POST /api/v1/send-supervisor-invitation/',
  // Record files and the profile picture: keeping and changing them is using the product (the
  // forms stay listed and downloadable, since reads are never refused).
  'POST /api/v1/upload-record/',
  'PATCH /api/v1/upload-record/:id/',
  'DELETE /api/v1/upload-record/:id/',
  'POST /api/v1/upload-record/:id/restore/',
  'POST /users/upload/signed-url',
  'POST /users/upload/picture',
  // The official forms: installing a blank template, filling a month's form or the final form,
  // signing them.
  'POST /api/v1/fvf-templates/',
  'POST /api/v1/month-forms/',
  'POST /api/v1/month-forms/:id/sign/',
  'POST /api/v1/month-forms/paper/',
  'DELETE /api/v1/month-forms/paper/:id/',
  'POST /api/v1/final-forms/',
  'POST /api/v1/final-forms/:id/sign/',
  // The plan to a finish date: planning is using the product (reading it stays open).
  'PUT /api/v1/plan/',
  // Importing earlier hours is logging hours (issue 14).
  'POST /api/v1/import/preview/',
  'POST /api/v1/import/',
  // Making (or renewing) a private calendar feed is use; revoking one is exempt (security).
  'POST /api/v1/calendar-feed/',
  // Supervision contracts (issue 39): drafting, signing, amending, recording one signed on paper
  // and ending one are use; a linked supervisor (never paywalled) can still end it, and reading
  // and downloading stay open.
  'POST /api/v1/contracts/',
  'POST /api/v1/contracts/upload/',
  'DELETE /api/v1/contracts/:id/',
  'PUT /api/v1/contracts/:id/versions/:n/',
  'POST /api/v1/contracts/:id/versions/:n/sign/',
  'POST /api/v1/contracts/:id/amendments/',
  'POST /api/v1/contracts/:id/end/',
];

const NOW = new Date('2026-11-20T12:00:00.000Z');
const LOGS = '/api/v1/experience-log/';
const keyOf = (method: string, url: string) => `${method} ${url}`;

/** Every write route of an app, with whether its guard lets a trainee in. */
function writeRoutes(routes: RouteOptions[]) {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => (WRITE_METHODS as readonly string[]).includes(method))
      .map((method) => ({
        key: keyOf(method, route.url),
        method,
        url: route.url,
        // Public routes let anyone in, a trainee with a token included.
        admitsTrainee: ![route.onRequest].flat().includes(guard.supervisor),
      })),
  );
}

type Account = TestUser & { recordId: number; logId: number };

let t: TestApp;
let stripeRoutes: RouteOptions[] = [];
let supervisor: TestUser;
let trialOver: Account;
let subscriptionOver: Account;
let inTrial: Account;
let paid: Account;

/** A fresh token: a logout or password change sent by the walk revokes the last one. */
async function freshToken(user: TestUser): Promise<string> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
  await insertToken(t.db, { userId: user.id, tokenHash: hash, expiresAt });
  return token;
}

/** A trainee who joined `joinedDaysAgo` days ago, with a supervisor and a log made on day 1. */
async function account(joinedDaysAgo: number, date: string): Promise<Account> {
  const joined = new Date(NOW.getTime() - joinedDaysAgo * DAY);
  t.clock.now = new Date(joined.getTime() + 60_000);
  const user = await createTrainee(t.db, { dateJoined: joined });
  const record = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: user.token,
    payload: { name: 'Dana', lastname: 'Reyes', email: supervisor.email },
  });
  expect(record.statusCode, record.body).toBe(201);
  await answerRequestFrom(t, supervisor, user.email);
  const recordId = record.json<{ id: number }>().id;
  const log = await t.request({
    method: 'POST',
    url: LOGS,
    token: user.token,
    payload: createLogPayload({
      supervisor: recordId,
      trainee_supervisor: recordId,
      date_of_experience: date,
    }),
  });
  expect(log.statusCode, log.body).toBe(201);
  t.clock.now = NOW;
  return { ...user, recordId, logId: log.json<{ id: number }>().id };
}

/** A valid request to a paywalled route for `who`: what would go through without the paywall. */
function requestFor(method: string, url: string, who: Account) {
  const id = url.startsWith(LOGS) ? who.logId : who.recordId;
  const payloads: Record<string, object> = {
    [`POST ${LOGS}`]: createLogPayload({
      supervisor: who.recordId,
      trainee_supervisor: who.recordId,
      date_of_experience: '2026-03-20',
    }),
    [`PUT ${LOGS}:id/`]: createLogPayload({
      supervisor: who.recordId,
      trainee_supervisor: who.recordId,
    }),
    'POST /api/v1/trainee-supervisors/': { name: 'Kim', lastname: 'Lee', email: 'kim@example.com' },
    'PATCH /api/v1/trainee-supervisors/:id/': { name: 'Dana B.' },
    'POST /api/v1/send-supervisor-invitation/': { supervisor_email: 'new.one@example.com' },
  };
  return {
    method: method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: url.replace(':id', String(id)).replace(':n', '1'),
    payload: payloads[keyOf(method, url)],
  };
}

beforeAll(async () => {
  t = await createTestApp({ TEST_HOOKS: 'true' });
  // The Stripe webhook exists only with PAYMENTS=stripe: its route table is walked too.
  const stripe = await startStripeApp();
  stripeRoutes = stripe.t.routes;
  await stripe.t.close();
  await stripe.fake.close();

  t.clock.now = NOW;
  supervisor = await createSupervisor(t.db, { dateJoined: new Date(NOW.getTime() - 400 * DAY) });
  trialOver = await account(8, '2026-03-02');
  inTrial = await account(6, '2026-03-03');
  paid = await account(30, '2026-03-04');
  t.clock.now = new Date(NOW.getTime() - 25 * DAY);
  expect((await charge(t, paid.token, { sub_id: 13, token: 'tok_visa' })).statusCode).toBe(201);
  // Monthly from 40 days ago, cancelled: it ran out 10 days ago.
  subscriptionOver = await account(45, '2026-03-05');
  t.clock.now = new Date(NOW.getTime() - 40 * DAY);
  const monthly = await charge(t, subscriptionOver.token, { sub_id: 12, token: 'tok_visa' });
  expect(monthly.statusCode, monthly.body).toBe(201);
  const cancel = await t.request({
    method: 'POST',
    url: '/api/v1/modify-subscription/',
    token: subscriptionOver.token,
    payload: { id: monthly.json<{ subscription: { id: number } }>().subscription.id },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  t.clock.now = NOW;
});
afterAll(async () => t?.close());

describe('the route table', () => {
  it('splits every trainee write into paywalled and exempt, and each list names real routes', () => {
    const all = new Map(
      [...writeRoutes(t.routes), ...writeRoutes(stripeRoutes)].map((r) => [r.key, r]),
    );
    const traineeWrites = [...all.values()].filter((r) => r.admitsTrainee).map((r) => r.key);
    expect(traineeWrites.sort()).toEqual([...PAYWALLED, ...PAYWALL_EXEMPT].sort());
  });
});

describe('an unpaid trainee', () => {
  const paywalled = () => writeRoutes(t.routes).filter((r) => PAYWALLED.includes(r.key));

  it.each([
    ['whose trial is over', () => trialOver, PAYWALL_MESSAGES.trial_expired],
    ['whose subscription ran out', () => subscriptionOver, PAYWALL_MESSAGES.subscription_expired],
  ])('%s is refused every paywalled write, and nothing is stored', async (_who, who, message) => {
    const fingerprint = await createTableFingerprint(t.db);
    const before = await fingerprint();
    expect(
      paywalled()
        .map((r) => r.key)
        .sort(),
    ).toEqual([...PAYWALLED].sort());
    for (const route of paywalled()) {
      const request = requestFor(route.method, route.url, who());
      const response = await t.request({ ...request, token: who().token });
      expect(response.statusCode, route.key).toBe(402);
      expect(response.json(), route.key).toEqual({
        detail: message,
        code: 'SUBSCRIPTION_REQUIRED',
      });
    }
    // Without the trailing slash too (the router ignores it).
    const bare = await t.request({ method: 'POST', url: LOGS.slice(0, -1), token: who().token });
    expect(bare.statusCode).toBe(402);
    expect(await fingerprint()).toEqual(before);
  });

  it('still reads, and downloads every log as CSV and the whole record: nothing was deleted', async () => {
    const logs = await t.request({ method: 'GET', url: LOGS, token: trialOver.token });
    expect(logs.statusCode).toBe(200);
    expect(logs.json<{ results: { id: number }[] }>().results.map((log) => log.id)).toEqual([
      trialOver.logId,
    ]);
    const csv = await t.request({
      method: 'POST',
      url: '/api/v1/download-experience-log/',
      token: trialOver.token,
      payload: { tasks: [], from_date: '', to_date: '' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('2026-03-02');
    // A read like the others (decision 019): the whole record stays the trainee's to download.
    const record = await t.request({
      method: 'GET',
      url: WHOLE_RECORD_PATH,
      token: trialOver.token,
    });
    expect(record.statusCode).toBe(200);
    expect(record.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('is never refused an exempt write', async () => {
    const exempt = writeRoutes(t.routes).filter((r) => PAYWALL_EXEMPT.has(r.key));
    // All of them but the Stripe webhook, which this (sandbox) app does not have.
    expect(exempt.map((r) => r.key).sort()).toEqual(
      [...PAYWALL_EXEMPT].filter((key) => key !== `POST ${STRIPE_WEBHOOK_PATH}`).sort(),
    );
    for (const route of exempt) {
      const response = await t.request({
        method: route.method as 'POST' | 'PUT',
        url: route.url.replace(':id', String(trialOver.id)),
        token: await freshToken(trialOver),
        payload: {},
      });
      expect(response.statusCode, route.key).not.toBe(402);
      expect(response.statusCode, route.key).toBeLessThan(500);
    }
    trialOver.token = await freshToken(trialOver);
  });

  it('is restored as it was by subscribing again', async () => {
    const user = await account(10, '2026-03-06');
    const blocked = requestFor('POST', LOGS, user);
    expect((await t.request({ ...blocked, token: user.token })).statusCode).toBe(402);
    expect((await charge(t, user.token, { sub_id: 12, token: 'tok_visa' })).statusCode).toBe(201);
    const saved = await t.request({ ...blocked, token: user.token });
    expect(saved.statusCode, saved.body).toBe(201);
    const logs = await t.request({ method: 'GET', url: LOGS, token: user.token });
    const dates = logs.json<{ results: { date_of_experience: string }[] }>().results;
    expect(dates.map((log) => log.date_of_experience).sort()).toEqual(['2026-03-06', '2026-03-20']);
  });
});

describe('everyone else', () => {
  it('lets a trainee in the trial save a log', async () => {
    const saved = await t.request({
      ...requestFor('POST', LOGS, inTrial),
      payload: createLogPayload({
        supervisor: inTrial.recordId,
        trainee_supervisor: inTrial.recordId,
        date_of_experience: '2026-03-21',
      }),
      token: inTrial.token,
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it.each([
    ['a trainee in the trial (day 7)', () => inTrial],
    ['a paying trainee', () => paid],
  ])('%s passes the paywall on every route', async (_who, who) => {
    for (const route of writeRoutes(t.routes).filter((r) => PAYWALLED.includes(r.key))) {
      const response = await t.request({
        ...requestFor(route.method, route.url, who()),
        token: who().token,
      });
      expect(response.statusCode, `${route.key} ${response.body}`).not.toBe(402);
      expect(response.statusCode, route.key).toBeLessThan(500);
    }
  });

  it('never stops a supervisor, who never pays, even reviewing an unpaid trainee', async () => {
    const approved = await t.request({
      method: 'POST',
      url: '/api/v1/flag-log/',
      token: supervisor.token,
      payload: { log_id: subscriptionOver.logId, is_approved: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const profile = await t.request({
      method: 'PUT',
      url: `/users/supervisor/${supervisor.id}/`,
      token: supervisor.token,
      payload: {
        bacb_account_number: 'BACB654321',
        bacb_certification_number: '1-23-45678',
        supervisor_qualification: 'BCBA',
        date_qualified: '2020-01-15',
        date_contract: '2026-01-10',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
  });
});
