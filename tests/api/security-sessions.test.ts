import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastCodeTo, UNAUTHENTICATED } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The list of one's sessions, revoking them, and what a password change or reset ends. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.advanceMinutes(61));

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

type SessionBody = {
  id: number;
  created_at: string;
  last_used_at: string;
  user_agent: string;
  ip_address: string;
  is_current: boolean;
};

/** Signs in through the API from a browser and an address; returns the new session's token. */
async function signInFrom(user: TestUser, userAgent: string, ip: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/login/',
    payload: { username: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const sessionsOf = async (token: string) => {
  const response = await t.request({ method: 'GET', url: '/api/v1/sessions/', token });
  expect(response.statusCode).toBe(200);
  return response.json<{ results: SessionBody[] }>().results;
};
const profileStatus = async (token: string) =>
  (await t.request({ method: 'GET', url: '/users/profile/', token })).statusCode;
const revoke = (token: string, id: number) =>
  t.request({ method: 'DELETE', url: `/api/v1/sessions/${id}/`, token });

describe('GET /api/v1/sessions/', () => {
  it("lists the caller's live sessions with browser, address and times, the current one marked", async () => {
    const user = await createTrainee(t.db);
    const signedInAt = t.clock.now.toISOString();
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.7');
    const phone = await signInFrom(user, PHONE, '198.51.100.9');
    const sessions = await sessionsOf(laptop);
    const mine = sessions.filter((session) => session.user_agent !== '');
    expect(mine).toHaveLength(2);
    expect(mine.find((session) => session.is_current)).toMatchObject({
      user_agent: FIREFOX,
      ip_address: '203.0.113.7',
      created_at: signedInAt,
      last_used_at: signedInAt,
    });
    expect(mine.find((session) => !session.is_current)).toMatchObject({
      user_agent: PHONE,
      ip_address: '198.51.100.9',
    });
    // The factory's session and the two sign-ins.
    expect(sessions).toHaveLength(3);
    expect((await sessionsOf(phone)).filter((session) => session.is_current)).toHaveLength(1);
  });

  it('moves last_used_at forward at most once a minute', async () => {
    const user = await createTrainee(t.db);
    const token = await signInFrom(user, FIREFOX, '203.0.113.8');
    const signedInAt = t.clock.now.toISOString();
    const current = async () => (await sessionsOf(token)).find((session) => session.is_current);
    t.clock.now = new Date(t.clock.now.getTime() + 59_000);
    expect((await current())?.last_used_at).toBe(signedInAt);
    t.clock.now = new Date(t.clock.now.getTime() + 1_000);
    const used = t.clock.now.toISOString();
    expect((await current())?.last_used_at).toBe(used);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/sessions/'],
      ['DELETE', '/api/v1/sessions/1/'],
      ['POST', '/api/v1/sessions/revoke-others/'],
      ['GET', '/api/v1/security-events/'],
    ] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual(UNAUTHENTICATED);
    }
  });
});

describe('DELETE /api/v1/sessions/{id}/', () => {
  it('ends one session of the caller: its token stops working, the others go on', async () => {
    const user = await createSupervisor(t.db);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.10');
    const phone = await signInFrom(user, PHONE, '198.51.100.10');
    const phoneSession = (await sessionsOf(laptop)).find((s) => s.user_agent === PHONE);
    const response = await revoke(laptop, phoneSession?.id ?? 0);
    expect(response.statusCode).toBe(204);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(phoneSession?.id);
  });

  it("answers 404 for another user's session and leaves it alive", async () => {
    const owner = await createTrainee(t.db);
    const other = await createTrainee(t.db);
    const [ownerSession] = await sessionsOf(owner.token);
    const response = await revoke(other.token, ownerSession?.id ?? 0);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Session not found.', code: 'NOT_FOUND' });
    expect(await profileStatus(owner.token)).toBe(200);
  });

  it('answers 404 for a session already ended, and for an id no session has', async () => {
    const user = await createTrainee(t.db);
    const phone = await signInFrom(user, PHONE, '198.51.100.11');
    const phoneSession = (await sessionsOf(user.token)).find((s) => s.user_agent === PHONE);
    expect((await revoke(user.token, phoneSession?.id ?? 0)).statusCode).toBe(204);
    expect((await revoke(user.token, phoneSession?.id ?? 0)).statusCode).toBe(404);
    expect((await revoke(user.token, 2_000_000_000)).statusCode).toBe(404);
    expect(await profileStatus(phone)).toBe(401);
  });
});

describe('POST /api/v1/sessions/revoke-others/', () => {
  it("ends every session of the caller's but the current one, and nobody else's", async () => {
    const user = await createTrainee(t.db);
    const bystander = await createTrainee(t.db);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.12');
    const phone = await signInFrom(user, PHONE, '198.51.100.12');
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/sessions/revoke-others/',
      token: laptop,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(user.token)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(bystander.token)).toBe(200);
    expect(await sessionsOf(laptop)).toHaveLength(1);
  });
});

describe('what a password change or reset ends', () => {
  it('a change ends the other sessions and keeps the one that made it', async () => {
    const user = await createTrainee(t.db);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.13');
    const phone = await signInFrom(user, PHONE, '198.51.100.13');
    const response = await t.request({
      method: 'POST',
      url: '/users/password/change/',
      token: laptop,
      payload: {
        old_password: user.password,
        new_password1: 'another-pass-phrase-8',
        new_password2: 'another-pass-phrase-8',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await sessionsOf(laptop)).toHaveLength(1);
  });

  it('a reset ends every session', async () => {
    const user = await createTrainee(t.db);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.14');
    await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: user.email },
    });
    const response = await t.request({
      method: 'POST',
      url: '/users/reset-password/verify/',
      payload: {
        email: user.email,
        password: 'another-pass-phrase-9',
        token: await lastCodeTo(t, user.email),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(user.token)).toBe(401);
  });
});
