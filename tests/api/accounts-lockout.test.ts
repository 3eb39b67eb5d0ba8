import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/env';
import { expectNoInternals, lastCodeTo, newEmail } from '../helpers/accounts';
import { createTrainee } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Lockout after failed sign-ins (decision 018) and answers that never tell who has an account. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Each test starts in fresh rate-limit windows (the per-address limit is rate-limit.test.ts's).
beforeEach(() => t.clock.advanceMinutes(61));

let nextHost = 0;
/** A client address no other test has used. */
const freshIp = () => {
  nextHost += 1;
  return `10.20.${Math.floor(nextHost / 250)}.${nextHost % 250}`;
};

const BAD_CREDENTIALS = { non_field_errors: ['Unable to log in with provided credentials.'] };
const lockedFor = (minutes: number) => ({
  detail: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  code: 'RATE_LIMITED',
});

const logInFrom = (ip: string, username: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/login/',
    payload: { username, password },
    remoteAddress: ip,
  });

async function failTimes(ip: string, email: string, times: number): Promise<void> {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await logInFrom(ip, email, 'wrong-password-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_CREDENTIALS);
  }
}

/** What a client can compare between two answers: the status, the body and the headers. */
const comparable = (response: LightMyRequestResponse) => {
  const { date: _date, 'x-request-id': _requestId, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
};

describe('lockout after failed sign-ins', () => {
  it('locks an email at one address for a minute after 5 failures, with Retry-After', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    await failTimes(ip, user.email, 5);
    const locked = await logInFrom(ip, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedFor(1));
    expect(locked.headers['retry-after']).toBe('60');
    expectNoInternals(locked);
    t.clock.advanceMinutes(1);
    expect((await logInFrom(ip, user.email, user.password)).statusCode).toBe(200);
  });

  it('never locks the owner out of their own address when another address fails', async () => {
    const user = await createTrainee(t.db);
    const attacker = freshIp();
    await failTimes(attacker, user.email, 5);
    expect((await logInFrom(attacker, user.email, user.password)).statusCode).toBe(429);
    const owner = await logInFrom(freshIp(), user.email, user.password);
    expect(owner.statusCode).toBe(200);
  });

  it('doubles the lock with each further failure, up to 15 minutes', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    await failTimes(ip, user.email, 5);
    const expectedMinutes = [2, 4, 8, 15, 15, 15];
    for (const minutes of expectedMinutes) {
      t.clock.advanceMinutes(16);
      await failTimes(ip, user.email, 1);
      const locked = await logInFrom(ip, user.email, user.password);
      expect(locked.json()).toEqual(lockedFor(minutes));
      expect(locked.headers['retry-after']).toBe(String(minutes * 60));
    }
  });

  it('forgets the failures when the right password gets through', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    await failTimes(ip, user.email, 4);
    expect((await logInFrom(ip, user.email, user.password)).statusCode).toBe(200);
    await failTimes(ip, user.email, 4);
    expect((await logInFrom(ip, user.email, user.password)).statusCode).toBe(200);
  });

  it('lifts the lock when the owner resets their password', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    await failTimes(ip, user.email, 5);
    for (let lock = 0; lock < 4; lock += 1) {
      t.clock.advanceMinutes(16);
      await failTimes(ip, user.email, 1);
    }
    expect((await logInFrom(ip, user.email, user.password)).json()).toEqual(lockedFor(15));
    await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: user.email },
      remoteAddress: ip,
    });
    const reset = await t.request({
      method: 'POST',
      url: '/users/reset-password/verify/',
      payload: {
        email: user.email,
        password: 'a-new-pass-phrase-7',
        token: await lastCodeTo(t, user.email),
      },
      remoteAddress: ip,
    });
    expect(reset.statusCode).toBe(200);
    expect((await logInFrom(ip, user.email, 'a-new-pass-phrase-7')).statusCode).toBe(200);
  });

  it('locks an address that fails 20 times, whatever the emails', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      // Spread over two rate-limit windows: the lock, not the limit, is what answers after.
      if (attempt === 10) t.clock.advanceMinutes(16);
      await failTimes(ip, newEmail('guess'), 1);
    }
    const locked = await logInFrom(ip, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedFor(1));
    expect((await logInFrom(freshIp(), user.email, user.password)).statusCode).toBe(200);
  });

  it('keeps the count in the database, shared by every instance of the app', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    // A second instance of the app on the same database, with the same clock.
    const other = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIST: '.tmp/no-client' }),
      database: t.database,
      mailer: t.mailer,
      now: () => t.clock.now,
      logger: false,
    });
    try {
      await failTimes(ip, user.email, 5);
      const locked = await other.inject({
        method: 'POST',
        url: '/api/v1/login/',
        payload: { username: user.email, password: user.password },
        remoteAddress: ip,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(lockedFor(1));
    } finally {
      await other.close();
    }
  });
});

describe('no user enumeration', () => {
  it('answers a wrong password and an unknown email alike, byte for byte', async () => {
    const user = await createTrainee(t.db);
    const known = await logInFrom(freshIp(), user.email, 'wrong-password-1');
    const unknown = await logInFrom(freshIp(), newEmail('nobody'), 'wrong-password-1');
    expect(known.statusCode).toBe(400);
    expect(comparable(unknown)).toEqual(comparable(known));
  });

  it('locks an unknown email exactly as a known one', async () => {
    const user = await createTrainee(t.db);
    const answers = [];
    for (const email of [user.email, newEmail('nobody')]) {
      const ip = freshIp();
      await failTimes(ip, email, 5);
      answers.push(comparable(await logInFrom(ip, email, 'wrong-password-1')));
    }
    expect(answers[0]?.status).toBe(429);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('answers a reset request for an unknown email as for a known one', async () => {
    const user = await createTrainee(t.db);
    const send = (email: string) =>
      t.request({
        method: 'POST',
        url: '/users/reset-password/send/',
        payload: { email },
        remoteAddress: freshIp(),
      });
    const known = await send(user.email);
    const unknown = await send(newEmail('nobody'));
    expect(known.json()).toEqual({ message: 'Succesfully Token sent.' });
    expect(comparable(unknown)).toEqual(comparable(known));
  });
});
