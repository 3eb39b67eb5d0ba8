import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoInternals,
  lastCodeTo,
  liveSessionCount,
  logIn,
  mailCountTo,
  newEmail,
  PASSWORD,
  signUpUnverified,
  traineeSignup,
  UNAUTHENTICATED,
  verify,
  NO_START_FIELDS,
  NO_QUALIFICATION_FIELDS,
} from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;
const joined = new Date('2026-01-05T09:30:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  trainee = await createTrainee(t.db, { name: 'Tara Trainee', dateJoined: joined });
  supervisor = await createSupervisor(t.db, { name: 'Sam Supervisor', dateJoined: joined });
});
afterAll(async () => t.close());
// Each test starts in fresh rate-limit windows; rate-limit.test.ts covers the limits.
beforeEach(() => t.clock.advanceMinutes(61));

const BAD_CREDENTIALS = { non_field_errors: ['Unable to log in with provided credentials.'] };
const profileWith = (token: string) => t.request({ method: 'GET', url: '/users/profile/', token });

describe('POST /api/v1/login/', () => {
  it('answers a trainee with a token and the user', async () => {
    const response = await logIn(t, { username: trainee.email, password: trainee.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      user: {
        id: trainee.id,
        email: trainee.email,
        name: 'Tara Trainee',
        is_supervisor: false,
        is_paid: false,
        date_joined: '2026-01-05T09:30:00.000Z',
        profile_pic: null,
        rule_set: null,
        time_zone: null,
        has_logs: false,
        supervisor: null,
        trainee: { bacb_id: '', fieldwork_state: '', fieldwork_country: '', ...NO_START_FIELDS },
      },
    });
    expectNoInternals(response);
    expect(response.body).not.toContain(trainee.password);
    const token = response.json<{ token: string }>().token;
    expect((await profileWith(token)).statusCode).toBe(200);
  });

  it('answers a supervisor with a token and the user with their credentials', async () => {
    const response = await logIn(t, {
      username: supervisor.email,
      password: supervisor.password,
      is_supervisor: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      user: {
        id: supervisor.id,
        email: supervisor.email,
        name: 'Sam Supervisor',
        is_supervisor: true,
        is_paid: false,
        date_joined: '2026-01-05T09:30:00.000Z',
        profile_pic: null,
        rule_set: null,
        time_zone: null,
        has_logs: false,
        supervisor: {
          bacb_account_number: 'BACB123456',
          bacb_certification_number: '1-23-45678',
          supervisor_qualification: 'BCBA',
          date_qualified: '2020-01-15',
          date_contract: '2026-01-10',
          removed_user: [],
          ...NO_QUALIFICATION_FIELDS,
        },
        trainee: null,
      },
    });
  });

  it('treats the email case-insensitively', async () => {
    const response = await logIn(t, {
      username: `  ${trainee.email.toUpperCase()} `,
      password: trainee.password,
      is_supervisor: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: trainee.id } });
  });

  it('gives each login its own session', async () => {
    const first = (await logIn(t, { username: trainee.email, password: trainee.password })).json<{
      token: string;
    }>();
    const second = (await logIn(t, { username: trainee.email, password: trainee.password })).json<{
      token: string;
    }>();
    expect(first.token).not.toBe(second.token);
    expect((await profileWith(first.token)).statusCode).toBe(200);
    expect((await profileWith(second.token)).statusCode).toBe(200);
  });

  it('refuses a wrong password with the contract’s message', async () => {
    const response = await logIn(t, { username: trainee.email, password: 'wrong-password-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_CREDENTIALS);
    expectNoInternals(response);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await logIn(t, { username: newEmail('nobody'), password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_CREDENTIALS);
  });

  it.each([
    [
      'a bad email',
      { username: 'tara', password: PASSWORD },
      { username: ['Invalid email format'] },
    ],
    ['no email', { password: PASSWORD }, { username: ['⋆Required'] }],
    ['no password', { username: 'tara@example.com' }, { password: ['⋆Required'] }],
    [
      'a short password',
      { username: 'tara@example.com', password: 'short' },
      { password: ['Password must be 8 characters long'] },
    ],
    [
      'a password over 256 characters',
      { username: 'tara@example.com', password: 'p'.repeat(300) },
      { password: ['Password must be at most 256 characters'] },
    ],
  ])('rejects %s with the SPEC §5 message', async (_case, payload, expected) => {
    const response = await logIn(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('rejects a role that is not a boolean', async () => {
    const response = await logIn(t, {
      username: trainee.email,
      password: trainee.password,
      is_supervisor: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ is_supervisor: ['Must be true or false'] });
  });

  it.each([
    ['no body', undefined],
    ['an array', ['tara@example.com']],
    ['null', 'null'],
  ])('answers %s with a body error in the contract shape', async (_case, payload) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/login/',
      headers: { 'content-type': 'application/json' },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      payload === undefined
        ? { non_field_errors: ['The request body is not valid JSON.'] }
        : { non_field_errors: ['The request body must be a JSON object.'] },
    );
  });
});

describe('login of an unverified account', () => {
  it('answers unverifiedUser with the user, mails a fresh code and issues no token', async () => {
    const {
      id,
      email,
      code: signupCode,
    } = await signUpUnverified(t, traineeSignup({ name: 'Una Verified' }));
    const response = await logIn(t, { username: email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unverifiedUser: true,
      user: {
        id,
        email,
        name: 'Una Verified',
        is_supervisor: false,
        is_paid: false,
        date_joined: expect.any(String),
        profile_pic: null,
        rule_set: null,
        time_zone: null,
        has_logs: false,
        supervisor: null,
        trainee: { bacb_id: '', fieldwork_state: '', fieldwork_country: '', ...NO_START_FIELDS },
      },
    });
    expect(await liveSessionCount(t, email)).toBe(0);
    expect(await mailCountTo(t, email)).toBe(2);

    const fresh = await lastCodeTo(t, email);
    if (fresh !== signupCode) {
      expect((await verify(t, email, signupCode)).statusCode).toBe(400);
    }
    const verified = await verify(t, email, fresh);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Succesfully User activated' });
  });

  it('still needs the right password: a wrong one mails nothing', async () => {
    const { email } = await signUpUnverified(t, traineeSignup());
    const response = await logIn(t, { username: email, password: 'wrong-password-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_CREDENTIALS);
    expect(await mailCountTo(t, email)).toBe(1);
  });
});

describe('the login page’s role must match the account (SPEC §6)', () => {
  it('refuses a trainee on the supervisor page and issues no token', async () => {
    const before = await liveSessionCount(t, trainee.email);
    const response = await logIn(t, {
      username: trainee.email,
      password: trainee.password,
      is_supervisor: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ["Invalid supervisor's credentials"] });
    expect(await liveSessionCount(t, trainee.email)).toBe(before);
  });

  it('refuses a supervisor on the student page and issues no token', async () => {
    const before = await liveSessionCount(t, supervisor.email);
    const response = await logIn(t, {
      username: supervisor.email,
      password: supervisor.password,
      is_supervisor: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ["Invalid student's credentials"] });
    expect(await liveSessionCount(t, supervisor.email)).toBe(before);
  });

  it('does not reveal the role to someone without the password', async () => {
    const response = await logIn(t, {
      username: trainee.email,
      password: 'wrong-password-1',
      is_supervisor: true,
    });
    expect(response.json()).toEqual(BAD_CREDENTIALS);
  });

  it('mails no code to an unverified account signing in on the wrong page', async () => {
    const { email } = await signUpUnverified(t, traineeSignup());
    const response = await logIn(t, { username: email, password: PASSWORD, is_supervisor: true });
    expect(response.json()).toEqual({ non_field_errors: ["Invalid supervisor's credentials"] });
    expect(await mailCountTo(t, email)).toBe(1);
  });
});

describe('POST /api/v1/logout/', () => {
  it('revokes the token on the server: later requests with it answer 401', async () => {
    const user = await createTrainee(t.db);
    const other = (await logIn(t, { username: user.email, password: user.password })).json<{
      token: string;
    }>();
    const response = await t.request({ method: 'POST', url: '/api/v1/logout/', token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Successfully logged out.' });

    const after = await profileWith(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
    const logoutAgain = await t.request({
      method: 'POST',
      url: '/api/v1/logout/',
      token: user.token,
    });
    expect(logoutAgain.statusCode).toBe(401);
    // Only that session ends.
    expect((await profileWith(other.token)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/logout/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });
});
