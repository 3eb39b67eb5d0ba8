import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoInternals,
  lastCodeTo,
  logIn,
  mailCountTo,
  newEmail,
  otherCode,
  PASSWORD,
  signUpUnverified,
  traineeSignup,
  UNAUTHENTICATED,
} from '../helpers/accounts';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { codeFrom, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
// Each test starts in fresh rate-limit windows; rate-limit.test.ts covers the limits.
beforeEach(() => t.clock.advanceMinutes(61));

const NEW_PASSWORD = 'battery-staple-7';
const TOKEN_SENT = { message: 'Succesfully Token sent.' };
const RESET_DONE = { message: 'Succesfully resetted user password.' };
const EXPIRED = { token: ['Invalid or expired code. Request a new code.'] };

const sendReset = (email: string, path: 'send' | 'resend' = 'send') =>
  t.request({ method: 'POST', url: `/users/reset-password/${path}/`, payload: { email } });
const resetWith = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/users/reset-password/verify/', payload });
const profileWith = (token: string) => t.request({ method: 'GET', url: '/users/profile/', token });
const changePassword = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/users/password/change/', token, payload });

describe('POST /users/reset-password/send/ and /resend/', () => {
  it('mails a 6-digit reset code to a known address', async () => {
    const user = await createTrainee(t.db, { name: 'Rita Reset' });
    const response = await sendReset(user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(TOKEN_SENT);
    const mail = await t.lastMailTo(user.email);
    const code = codeFrom(mail);
    expect(mail?.subject).toBe(`Your Fieldwork Tracker password reset code: ${code}`);
    expect(mail?.text).toContain(`Your password reset code is ${code}. It is valid for 30 minutes`);
    expect(mail?.text).toContain('Hello Rita Reset,');
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const unknown = newEmail('nobody');
    for (const path of ['send', 'resend'] as const) {
      const response = await sendReset(unknown, path);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(TOKEN_SENT);
    }
    expect(await mailCountTo(t, unknown)).toBe(0);
  });

  it('accepts the address in another case', async () => {
    const user = await createTrainee(t.db);
    expect((await sendReset(user.email.toUpperCase())).json()).toEqual(TOKEN_SENT);
    expect(await mailCountTo(t, user.email)).toBe(1);
  });

  it('resend mails a new code; only the newest works', async () => {
    const user = await createTrainee(t.db);
    await sendReset(user.email);
    const first = await lastCodeTo(t, user.email);
    const response = await sendReset(user.email, 'resend');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(TOKEN_SENT);
    expect(await mailCountTo(t, user.email)).toBe(2);
    const second = await lastCodeTo(t, user.email);
    if (second !== first) {
      const stale = await resetWith({ email: user.email, password: NEW_PASSWORD, token: first });
      expect(stale.statusCode).toBe(400);
    }
    const fresh = await resetWith({ email: user.email, password: NEW_PASSWORD, token: second });
    expect(fresh.json()).toEqual(RESET_DONE);
  });

  it('rejects a bad or missing email', async () => {
    expect((await sendReset('nope')).json()).toEqual({ email: ['Invalid email format'] });
    const missing = await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['⋆Required'] });
  });
});

describe('POST /users/reset-password/verify/', () => {
  it('sets the new password, ends every session, and the old password stops working', async () => {
    const user = await createTrainee(t.db);
    const otherSession = (await logIn(t, { username: user.email, password: user.password })).json<{
      token: string;
    }>();
    await sendReset(user.email);
    const code = await lastCodeTo(t, user.email);

    const response = await resetWith({ email: user.email, password: NEW_PASSWORD, token: code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(RESET_DONE);

    expect((await profileWith(user.token)).json()).toEqual(UNAUTHENTICATED);
    expect((await profileWith(otherSession.token)).statusCode).toBe(401);
    const oldLogin = await logIn(t, { username: user.email, password: user.password });
    expect(oldLogin.json()).toEqual({
      non_field_errors: ['Unable to log in with provided credentials.'],
    });
    const newLogin = await logIn(t, { username: user.email, password: NEW_PASSWORD });
    expect(newLogin.statusCode).toBe(200);
    expect(newLogin.json()).toHaveProperty('token');
  });

  it('works once', async () => {
    const user = await createSupervisor(t.db);
    await sendReset(user.email);
    const code = await lastCodeTo(t, user.email);
    expect(
      (await resetWith({ email: user.email, password: NEW_PASSWORD, token: code })).statusCode,
    ).toBe(200);
    const again = await resetWith({ email: user.email, password: 'yet-another-pass', token: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(EXPIRED);
    expect((await logIn(t, { username: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a wrong code and keeps the password', async () => {
    const user = await createTrainee(t.db);
    await sendReset(user.email);
    const code = await lastCodeTo(t, user.email);
    const response = await resetWith({
      email: user.email,
      password: NEW_PASSWORD,
      token: otherCode(code),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ token: ['Invalid or expired code. 4 tries left.'] });
    expect((await logIn(t, { username: user.email, password: user.password })).statusCode).toBe(
      200,
    );
    expect((await profileWith(user.token)).statusCode).toBe(200);
  });

  it('burns the code after five wrong tries', async () => {
    const user = await createTrainee(t.db);
    await sendReset(user.email);
    const code = await lastCodeTo(t, user.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await resetWith({ email: user.email, password: NEW_PASSWORD, token: otherCode(code) });
    }
    const right = await resetWith({ email: user.email, password: NEW_PASSWORD, token: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(EXPIRED);
  });

  it('expires the code after 30 minutes', async () => {
    const user = await createTrainee(t.db);
    await sendReset(user.email);
    const code = await lastCodeTo(t, user.email);
    t.clock.advanceMinutes(30);
    const response = await resetWith({ email: user.email, password: NEW_PASSWORD, token: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EXPIRED);
  });

  it('answers an unknown email like a wrong code', async () => {
    const response = await resetWith({
      email: newEmail('nobody'),
      password: NEW_PASSWORD,
      token: '123456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EXPIRED);
  });

  it('does not accept a verification code as a reset code', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    const response = await resetWith({ email, password: NEW_PASSWORD, token: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EXPIRED);
  });

  it('verifies an account that had not confirmed its email: the code proves the mailbox', async () => {
    const { email } = await signUpUnverified(t, traineeSignup());
    await sendReset(email);
    const code = await lastCodeTo(t, email);
    expect((await resetWith({ email, password: NEW_PASSWORD, token: code })).json()).toEqual(
      RESET_DONE,
    );
    const login = await logIn(t, { username: email, password: NEW_PASSWORD });
    expect(login.json()).toHaveProperty('token');
  });

  it.each([
    [
      'a short password',
      { password: 'short' },
      { password: ['Password must be 8 characters long'] },
    ],
    ['no password', { password: undefined }, { password: ['⋆Required'] }],
    ['no code', { token: undefined }, { token: ['⋆Required'] }],
    [
      'a code of 7 digits',
      { token: '1234567' },
      { token: ['Enter the 6-digit code from the email'] },
    ],
    ['a bad email', { email: 'x@y' }, { email: ['Invalid email format'] }],
  ])('rejects %s', async (_case, change, expected) => {
    const response = await resetWith({
      email: 'someone@example.com',
      password: NEW_PASSWORD,
      token: '123456',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expectNoInternals(response);
  });
});

describe('POST /users/password/change/', () => {
  const change = (old_password: string, next = NEW_PASSWORD, confirm = next) => ({
    old_password,
    new_password1: next,
    new_password2: confirm,
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createTrainee(t.db);
    const other = (await logIn(t, { username: user.email, password: user.password })).json<{
      token: string;
    }>();
    const response = await changePassword(user.token, change(user.password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Successfully Password changed.' });

    expect((await profileWith(user.token)).statusCode).toBe(200);
    expect((await profileWith(other.token)).json()).toEqual(UNAUTHENTICATED);
    expect((await logIn(t, { username: user.email, password: user.password })).statusCode).toBe(
      400,
    );
    expect((await logIn(t, { username: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('works for a supervisor too', async () => {
    const user = await createSupervisor(t.db);
    const response = await changePassword(user.token, change(user.password));
    expect(response.json()).toEqual({ message: 'Successfully Password changed.' });
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const user = await createTrainee(t.db);
    const response = await changePassword(user.token, change('not-my-password'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ old_password: ['Current password is incorrect'] });
    expectNoInternals(response);
    expect((await logIn(t, { username: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('refuses the same password', async () => {
    const user = await createTrainee(t.db);
    const response = await changePassword(user.token, change(user.password, user.password));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ new_password1: ['Can not use same password'] });
  });

  it('refuses a confirmation that does not match', async () => {
    const user = await createTrainee(t.db);
    const response = await changePassword(
      user.token,
      change(user.password, NEW_PASSWORD, 'battery-staple-8'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ new_password2: ['Passwords do not match'] });
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const user = await createTrainee(t.db);
    const response = await changePassword(user.token, change(user.password, 'short'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ new_password1: ['Password must be 8 characters long'] });
  });

  it('answers every missing field with ⋆Required', async () => {
    const user = await createTrainee(t.db);
    const response = await changePassword(user.token, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      old_password: ['⋆Required'],
      new_password1: ['⋆Required'],
      new_password2: ['⋆Required'],
    });
  });

  it('answers 401 without a token, whatever the body', async () => {
    const response = await changePassword(undefined, change(PASSWORD));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
    expect((await changePassword(undefined, {})).statusCode).toBe(401);
  });
});
