import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastCodeTo, mailCountTo, signUp, traineeSignup } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** "Security activity": the audit log a person reads about their own account, and common passwords. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.advanceMinutes(61));

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15';
let nextHost = 0;
const freshIp = () => {
  nextHost += 1;
  return `10.30.${Math.floor(nextHost / 250)}.${nextHost % 250}`;
};

type EventPage = {
  count: number;
  next: string | null;
  previous: string | null;
  results: {
    id: number;
    kind: string;
    created_at: string;
    ip_address: string;
    user_agent: string;
  }[];
};

const eventsOf = async (token: string, url = '/api/v1/security-events/') => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json<EventPage>();
};
const logInFrom = (user: TestUser, password: string, ip: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/login/',
    payload: { username: user.email, password },
    headers: { 'user-agent': BROWSER },
    remoteAddress: ip,
  });

describe('GET /api/v1/security-events/', () => {
  it('lists sign-ins, failures, password changes and logouts, newest first, with address and browser', async () => {
    const user = await createTrainee(t.db);
    const ip = freshIp();
    expect((await logInFrom(user, 'wrong-password-1', ip)).statusCode).toBe(400);
    const token = (await logInFrom(user, user.password, ip)).json<{ token: string }>().token;
    const changed = await t.request({
      method: 'POST',
      url: '/users/password/change/',
      token,
      headers: { 'user-agent': BROWSER },
      remoteAddress: ip,
      payload: {
        old_password: user.password,
        new_password1: 'a-fresh-pass-phrase-3',
        new_password2: 'a-fresh-pass-phrase-3',
      },
    });
    expect(changed.statusCode).toBe(200);
    const page = await eventsOf(token);
    expect(page.results.map((event) => event.kind)).toEqual([
      'password_changed',
      'login',
      'login_failed',
    ]);
    expect(page.results[0]).toMatchObject({ ip_address: ip, user_agent: BROWSER });
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect((await t.request({ method: 'POST', url: '/api/v1/logout/', token })).statusCode).toBe(
      200,
    );
    const relogged = (await logInFrom(user, 'a-fresh-pass-phrase-3', ip)).json<{
      token: string;
    }>().token;
    expect((await eventsOf(relogged)).results.map((event) => event.kind).slice(0, 2)).toEqual([
      'login',
      'logout',
    ]);
  });

  it('records a lockout, and the session revocations', async () => {
    const user = await createSupervisor(t.db);
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1) await logInFrom(user, 'wrong-password-1', ip);
    await t.request({
      method: 'POST',
      url: '/api/v1/sessions/revoke-others/',
      token: user.token,
    });
    const kinds = (await eventsOf(user.token)).results.map((event) => event.kind);
    expect(kinds.slice(0, 3)).toEqual(['sessions_revoked', 'login_locked', 'login_failed']);
    expect(kinds.filter((kind) => kind === 'login_failed')).toHaveLength(5);
  });

  it("shows nobody another user's events", async () => {
    const user = await createTrainee(t.db);
    const other = await createTrainee(t.db);
    await logInFrom(user, 'wrong-password-1', freshIp());
    expect((await eventsOf(user.token)).count).toBe(1);
    expect(await eventsOf(other.token)).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('pages by 20, and answers 404 past the last page', async () => {
    const user = await createTrainee(t.db);
    // One failure from each of 22 addresses: no pair reaches its lock.
    for (let attempt = 0; attempt < 22; attempt += 1) {
      await logInFrom(user, 'wrong-password-1', freshIp());
    }
    const first = await eventsOf(user.token);
    expect(first.count).toBe(22);
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe('/api/v1/security-events/?page=2');
    const second = await eventsOf(user.token, first.next ?? '');
    expect(second.results).toHaveLength(2);
    expect(second.previous).toBe('/api/v1/security-events/');
    const ids = [...first.results, ...second.results].map((event) => event.id);
    expect(new Set(ids).size).toBe(22);
    const beyond = await t.request({
      method: 'GET',
      url: '/api/v1/security-events/?page=3',
      token: user.token,
    });
    expect(beyond.statusCode).toBe(404);
  });

  it("keeps a trainee's supervisor changes, and not a refused one", async () => {
    const trainee = await createTrainee(t.db);
    const stranger = await createTrainee(t.db);
    const added = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: trainee.token,
      payload: { name: 'Dana', lastname: 'Reyes', email: 'dana.reyes@example.com' },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<{ id: number }>().id;
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/v1/trainee-supervisors/${id}/`,
      token: stranger.token,
    });
    expect(refused.statusCode).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/trainee-supervisors/${id}/`,
      token: trainee.token,
    });
    expect(removed.statusCode).toBe(204);
    expect((await eventsOf(trainee.token)).results.map((event) => event.kind)).toEqual([
      'supervisor_removed',
      'supervisor_added',
    ]);
    expect((await eventsOf(stranger.token)).count).toBe(0);
  });
});

describe('role-relevant actions', () => {
  it("keeps a supervisor's removal of a trainee in the supervisor's activity only", async () => {
    const supervisor = await createSupervisor(t.db);
    const trainee = await createTrainee(t.db);
    const linked = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: trainee.token,
      payload: { name: 'Sam', lastname: 'Supervisor', email: supervisor.email },
    });
    expect(linked.statusCode).toBe(201);
    await answerRequestFrom(t, supervisor, trainee.email);
    const removed = await t.request({
      method: 'POST',
      url: '/api/v1/remove-user/',
      token: supervisor.token,
      payload: { u_id: trainee.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await eventsOf(supervisor.token)).results.map((event) => event.kind)).toEqual([
      'trainee_removed',
    ]);
    expect((await eventsOf(trainee.token)).results.map((event) => event.kind)).toEqual([
      'supervisor_added',
    ]);
  });
});

describe('common passwords', () => {
  const COMMON = {
    password: ['This password is too common and easy to guess. Please choose another one.'],
  };

  it('refuses one at sign-up under the password field, and sends no mail', async () => {
    const payload = traineeSignup({ password: 'Password1' });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(COMMON);
    expect(await mailCountTo(t, payload.email)).toBe(0);
  });

  it('refuses one at a password change under new_password1', async () => {
    const user = await createTrainee(t.db);
    const response = await t.request({
      method: 'POST',
      url: '/users/password/change/',
      token: user.token,
      payload: {
        old_password: user.password,
        new_password1: 'iloveyou',
        new_password2: 'iloveyou',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ new_password1: COMMON.password });
  });

  it('refuses one at a reset without using up the code', async () => {
    const user = await createTrainee(t.db);
    await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: user.email },
    });
    const code = await lastCodeTo(t, user.email);
    const reset = (password: string) =>
      t.request({
        method: 'POST',
        url: '/users/reset-password/verify/',
        payload: { email: user.email, password, token: code },
      });
    const refused = await reset('12345678');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(COMMON);
    expect((await reset('not-on-any-list-5')).statusCode).toBe(200);
  });
});
