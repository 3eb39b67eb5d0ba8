import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoInternals,
  lastCodeTo,
  mailCountTo,
  newEmail,
  otherCode,
  signUpUnverified,
  supervisorSignup,
  traineeSignup,
  verify,
  NO_START_FIELDS,
} from '../helpers/accounts';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
// Each test starts in fresh rate-limit windows; rate-limit.test.ts covers the limits.
beforeEach(() => t.clock.advanceMinutes(61));

const EXPIRED = { token: ['Invalid or expired code. Request a new code.'] };
const BURNT = { token: ['Too many wrong codes: this code no longer works. Request a new code.'] };

const resend = (email: string) =>
  t.request({ method: 'POST', url: '/api/v1/resendemail/', payload: { email } });

describe('POST /users/email/verify-user/', () => {
  it('activates the account with the mailed code and signs the person in', async () => {
    const { id, email, code } = await signUpUnverified(t, traineeSignup({ name: 'Vera Verify' }));
    const response = await verify(t, email, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Succesfully User activated',
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      user: {
        id,
        email,
        name: 'Vera Verify',
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
    expectNoInternals(response);

    const token = response.json<{ token: string }>().token;
    const profile = await t.request({ method: 'GET', url: '/users/profile/', token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ results: [{ id, email, name: 'Vera Verify' }] });
  });

  it('activates a supervisor and returns their credentials', async () => {
    const { id, email, code } = await signUpUnverified(t, supervisorSignup());
    const response = await verify(t, email, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Succesfully User activated',
      user: { id, is_supervisor: true, supervisor: { bacb_account_number: 'BACB123456' } },
    });
  });

  it('accepts the email in another case', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    const response = await verify(t, email.toUpperCase(), code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Succesfully User activated' });
  });

  it('refuses a wrong code and says how many tries are left; the right code still works', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    const wrong = await verify(t, email, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ token: ['Invalid or expired code. 4 tries left.'] });
    expect((await verify(t, email, code)).statusCode).toBe(200);
  });

  it('works once: the used code cannot activate or sign in again', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    expect((await verify(t, email, code)).statusCode).toBe(200);
    const again = await verify(t, email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['This email is already verified. Please sign in.'] });
    expect(again.json()).not.toHaveProperty('token');
  });

  it('accepts the code until 30 minutes have passed', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    t.clock.advanceMinutes(29);
    expect((await verify(t, email, code)).statusCode).toBe(200);
  });

  it('expires the code after 30 minutes', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    t.clock.advanceMinutes(30);
    const response = await verify(t, email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EXPIRED);
  });

  it('burns the code after five wrong tries: the right code fails afterwards', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await verify(t, email, otherCode(code))).json());
    }
    expect(answers).toEqual([
      { token: ['Invalid or expired code. 4 tries left.'] },
      { token: ['Invalid or expired code. 3 tries left.'] },
      { token: ['Invalid or expired code. 2 tries left.'] },
      { token: ['Invalid or expired code. 1 try left.'] },
      BURNT,
    ]);
    const right = await verify(t, email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(EXPIRED);
  });

  it('counts wrong tries sent at the same moment: a burst of nine cannot beat the limit', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    const wrong = otherCode(code);
    // Nine, so that the right code after them is within the account's 10 checks an hour.
    await Promise.all(Array.from({ length: 9 }, () => verify(t, email, wrong)));
    const right = await verify(t, email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(EXPIRED);
  });

  it('answers an unknown email like a wrong code', async () => {
    const response = await verify(t, newEmail('nobody'), '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(EXPIRED);
  });

  it('does not accept a password-reset code as a verification code', async () => {
    const { email, code } = await signUpUnverified(t, traineeSignup());
    await t.request({ method: 'POST', url: '/users/reset-password/send/', payload: { email } });
    const resetCode = await lastCodeTo(t, email);
    if (resetCode !== code) {
      const response = await verify(t, email, resetCode);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ token: ['Invalid or expired code. 4 tries left.'] });
    }
    expect((await verify(t, email, code)).statusCode).toBe(200);
  });

  it.each([
    ['a missing code', { email: 'someone@example.com' }, { token: ['⋆Required'] }],
    ['an empty code', { email: 'someone@example.com', token: '' }, { token: ['⋆Required'] }],
    [
      'a 5-digit code',
      { email: 'someone@example.com', token: '12345' },
      { token: ['Enter the 6-digit code from the email'] },
    ],
    [
      'a code with letters',
      { email: 'someone@example.com', token: '12a456' },
      { token: ['Enter the 6-digit code from the email'] },
    ],
    ['a bad email', { email: 'someone', token: '123456' }, { email: ['Invalid email format'] }],
  ])('rejects %s', async (_case, payload, expected) => {
    const response = await t.request({ method: 'POST', url: '/users/email/verify-user/', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });
});

describe('POST /api/v1/resendemail/', () => {
  it('mails a new code; only the newest code works', async () => {
    const { email, code: first } = await signUpUnverified(t, traineeSignup());
    const response = await resend(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Verification code sent.' });
    expect(await mailCountTo(t, email)).toBe(2);
    const second = await lastCodeTo(t, email);
    expect(second).toMatch(/^\d{6}$/);
    if (second !== first) {
      expect((await verify(t, email, first)).json()).toEqual({
        token: ['Invalid or expired code. 4 tries left.'],
      });
    }
    expect((await verify(t, email, second)).statusCode).toBe(200);
  });

  it('revives an expired code with a fresh one', async () => {
    const { email } = await signUpUnverified(t, traineeSignup());
    t.clock.advanceMinutes(45);
    await resend(email);
    expect((await verify(t, email, await lastCodeTo(t, email))).statusCode).toBe(200);
  });

  it('answers the same for an unknown or already verified address, and mails nothing', async () => {
    const unknown = newEmail('nobody');
    const verified = await createTrainee(t.db);
    for (const email of [unknown, verified.email]) {
      const response = await resend(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Verification code sent.' });
      expect(await mailCountTo(t, email)).toBe(0);
    }
  });

  it('rejects a bad email', async () => {
    const response = await resend('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Invalid email format'] });
  });
});

describe('an unverified account', () => {
  it('cannot use a token it somehow holds until it is verified', async () => {
    const unverified = await createSupervisor(t.db, { verified: false });
    const response = await t.request({
      method: 'GET',
      url: '/users/profile/',
      token: unverified.token,
    });
    expect(response.statusCode).toBe(401);
  });
});
