import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { GOOGLE_MESSAGES } from '../../src/shared/google-sign-in/google.schema';
import type * as Factories from '../helpers/factories';
import type * as TestAppModule from '../helpers/test-app';

/**
 * Issue 36: the password routes of a signed-in session are limited. A wrong current password
 * counts toward a lock (5 on a session, whatever its address), every change or first password
 * toward 10 per session in 15 minutes, and neither a refusal nor a limit costs an argon2id hash.
 */

/** Every argon2id hash and verification the app (in this process) computes. */
const argon2 = vi.hoisted(() => ({ hashes: 0, verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const hash: typeof real.hash = (...args) => {
    argon2.hashes += 1;
    return real.hash(...args);
  };
  const verify: typeof real.verify = (...args) => {
    argon2.verifications += 1;
    return real.verify(...args);
  };
  return { ...real, hash, verify };
});

// The API files share their workers' module registry (vitest.config.ts, isolate: false): the
// app's modules may be loaded already, with the real argon2; this file loads them afresh.
let createTrainee: typeof Factories.createTrainee;
let t: TestAppModule.TestApp;
let googleOnly: (name: string) => Promise<{ id: number; token: string }>;
beforeAll(async () => {
  vi.resetModules();
  const { createTestApp } = await import('../helpers/test-app');
  ({ createTrainee } = await import('../helpers/factories'));
  const repo = await import('../../src/server/features/accounts/accounts.repository');
  const { newToken, TOKEN_LIFETIME_MS } = await import('../../src/server/plugins/auth');
  t = await createTestApp();
  // An account a Google sign-in made: verified, no password.
  googleOnly = async (name) => {
    const user = await repo.insertUser(t.db, {
      email: `${name}-${Date.now()}@example.com`,
      name,
      passwordHash: null,
      isSupervisor: false,
      dateJoined: t.clock.now,
    });
    if (!user) throw new Error('email taken');
    await repo.markVerified(t.db, user.id);
    const { token, hash } = newToken();
    await repo.insertToken(t.db, {
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(t.clock.now.getTime() + TOKEN_LIFETIME_MS),
    });
    return { id: user.id, token };
  };
});
afterAll(() => t.close());
// Each test starts at the start of a fresh 15-minute window, past every lock of the one before.
beforeEach(() => {
  t.clock.now = new Date(Math.ceil((t.clock.now.getTime() + 3_600_000) / 900_000) * 900_000);
});

const change = (token: string, oldPassword: string, next: string, remoteAddress = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/users/password/change/',
    token,
    remoteAddress,
    payload: { old_password: oldPassword, new_password1: next, new_password2: next },
  });
const setPassword = (token: string, password = 'a-brand-new-pass-9') =>
  t.request({
    method: 'POST',
    url: '/api/v1/sign-in-methods/password/',
    token,
    payload: { new_password1: password, new_password2: password },
  });
const logInFrom = (remoteAddress: string, username: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/login/',
    remoteAddress,
    payload: { username, password },
  });

describe('POST /users/password/change/ (issue 36)', () => {
  it('locks a session after 5 wrong current passwords, from any address, with a 429 saying so', async () => {
    const user = await createTrainee(t.db);
    const owner = await logInFrom('203.0.113.50', user.email, user.password);
    expect(owner.statusCode).toBe(200);
    const ownerToken = owner.json<{ token: string }>().token;
    // A stolen session guesses, a new address each time.
    for (let guess = 1; guess <= 5; guess += 1) {
      const wrong = await change(
        user.token,
        `guess-number-${guess}`,
        'battery-staple-7',
        `198.51.100.${guess}`,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ old_password: ['Current password is incorrect'] });
    }
    const verifications = argon2.verifications;
    const locked = await change(user.token, user.password, 'battery-staple-7', '198.51.100.6');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: 'Too many wrong passwords. Please try again in 1 minute.',
      code: 'RATE_LIMITED',
    });
    expect(locked.headers['retry-after']).toBe('60');
    // Refused before the password is checked: no argon2id, and the password is unchanged.
    expect(argon2.verifications).toBe(verifications);
    expect((await logInFrom('203.0.113.50', user.email, user.password)).statusCode).toBe(200);

    // The owner's own session is not locked; another person's neither.
    const other = await createTrainee(t.db);
    expect((await change(other.token, other.password, 'battery-staple-7')).statusCode).toBe(200);
    const owned = await change(ownerToken, user.password, 'battery-staple-7', '203.0.113.50');
    expect(owned.statusCode, owned.body).toBe(200);
    // The change ended the other sessions, the guessing one with them.
    expect((await change(user.token, 'battery-staple-7', 'battery-staple-8')).statusCode).toBe(401);
  });

  it('lets the session try again once the lock has run out', async () => {
    const user = await createTrainee(t.db);
    for (let guess = 1; guess <= 5; guess += 1) {
      expect(
        (await change(user.token, `guess-number-${guess}`, 'battery-staple-7')).statusCode,
      ).toBe(400);
    }
    expect((await change(user.token, user.password, 'battery-staple-7')).statusCode).toBe(429);
    t.clock.advanceMinutes(1);
    expect((await change(user.token, user.password, 'battery-staple-7')).statusCode).toBe(200);
  });

  it('allows 10 changes per session in 15 minutes, the 11th refused before any hash', async () => {
    const user = await createTrainee(t.db);
    const passwords = ['battery-staple-7', user.password];
    for (let count = 0; count < 10; count += 1) {
      const response = await change(
        user.token,
        passwords[(count + 1) % 2] ?? '',
        passwords[count % 2] ?? '',
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const work = argon2.hashes + argon2.verifications;
    const limited = await change(user.token, user.password, 'battery-staple-7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many password changes from this session. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(argon2.hashes + argon2.verifications).toBe(work);
    // Another person's session has its own count.
    const other = await createTrainee(t.db);
    expect((await change(other.token, other.password, 'battery-staple-7')).statusCode).toBe(200);
  });
});

describe('POST /api/v1/sign-in-methods/password/ (issue 36)', () => {
  it('refuses an account that has a password with 409, computing no hash', async () => {
    const user = await createTrainee(t.db);
    const hashes = argon2.hashes;
    const refused = await setPassword(user.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: GOOGLE_MESSAGES.hasPassword, code: 'CONFLICT' });
    expect(argon2.hashes).toBe(hashes);
  });

  it('allows 10 tries per session in 15 minutes, then refuses before any hash', async () => {
    const google = await googleOnly('Gina Google');
    for (let count = 0; count < 10; count += 1) {
      // A common password is refused (400) and counts all the same.
      expect((await setPassword(google.token, 'password123')).statusCode).toBe(400);
    }
    const hashes = argon2.hashes;
    const limited = await setPassword(google.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many password changes from this session. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(argon2.hashes).toBe(hashes);
    // Another person's first password is theirs to set.
    const other = await googleOnly('Otto Other');
    expect((await setPassword(other.token)).statusCode).toBe(200);
  });
});
