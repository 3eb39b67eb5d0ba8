import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoInternals,
  mailCountTo,
  newEmail,
  PASSWORD,
  signUp,
  supervisorSignup,
  traineeSignup,
  NO_START_FIELDS,
  NO_QUALIFICATION_FIELDS,
} from '../helpers/accounts';
import { codeFrom, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
// Each test starts in fresh rate-limit windows; rate-limit.test.ts covers the limits.
beforeEach(() => t.clock.advanceMinutes(61));

describe('POST /api/v1/signup/ for a trainee', () => {
  it('creates an unverified trainee and answers 201 with the id', async () => {
    const payload = traineeSignup({ name: 'Tara Trainee', email: 'Tara.Signup@Example.com' });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      email: 'tara.signup@example.com',
      name: 'Tara Trainee',
      is_supervisor: false,
      is_paid: false,
      date_joined: t.clock.now.toISOString(),
      profile_pic: null,
      rule_set: null,
      time_zone: null,
      has_logs: false,
      supervisor: null,
      trainee: { bacb_id: '', fieldwork_state: '', fieldwork_country: '', ...NO_START_FIELDS },
    });
    expect(response.json<{ id: number }>().id).toBeGreaterThan(0);
    expectNoInternals(response);
    expect(response.body).not.toContain(PASSWORD);
  });

  it('mails a 6-digit verification code to the new address', async () => {
    const payload = traineeSignup();
    await signUp(t, payload);
    const mail = await t.lastMailTo(payload.email);
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toBe(`Your Fieldwork Tracker verification code: ${code}`);
    expect(mail?.text).toContain(`Your verification code is ${code}. It is valid for 30 minutes`);
    expect(mail?.text).toContain('Hello Tara Trainee,');
    expect(mail?.text).toContain(`/verify-email?email=${encodeURIComponent(payload.email)}`);
  });

  it('treats a body without is_supervisor as a trainee', async () => {
    const { is_supervisor: _role, ...payload } = traineeSignup();
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ is_supervisor: false, supervisor: null });
  });

  it('answers every missing field with ⋆Required', async () => {
    const response = await signUp(t, { is_supervisor: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['⋆Required'],
      email: ['⋆Required'],
      password: ['⋆Required'],
    });
    expectNoInternals(response);
  });

  it('answers an empty body with ⋆Required on every field', async () => {
    const response = await signUp(t, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['⋆Required'],
      email: ['⋆Required'],
      password: ['⋆Required'],
    });
  });

  it('answers a body that is not an object with non_field_errors', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/signup/',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ['The request body must be a JSON object.'],
    });
  });

  it.each([
    ['a blank name', { name: '   ' }, { name: ['⋆Required'] }],
    ['an email without @', { email: 'tara.example.com' }, { email: ['Invalid email format'] }],
    ['an email without a domain', { email: 'tara@localhost' }, { email: ['Invalid email format'] }],
    [
      'a password of 7 characters',
      { password: 'abcdefg' },
      { password: ['Password must be 8 characters long'] },
    ],
    ['an empty password', { password: '' }, { password: ['⋆Required'] }],
    [
      'is_supervisor that is not a boolean',
      { is_supervisor: 'yes' },
      { is_supervisor: ['Must be true or false'] },
    ],
    [
      'a NUL character in the name',
      { name: 'Ta\u0000ra' },
      { name: ['Must be one line, without control characters'] },
    ],
    [
      'a NUL character in the email',
      { email: 'ta\u0000ra@example.com' },
      { email: ['Must not contain control characters'] },
    ],
    [
      'a name over 150 characters',
      { name: 'n'.repeat(151) },
      { name: ['Must be at most 150 characters'] },
    ],
  ])('rejects %s with the SPEC §5 message', async (_case, change, expected) => {
    const response = await signUp(t, traineeSignup(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expectNoInternals(response);
  });

  it('ignores fields a person may not set: id, is_paid, is_verified', async () => {
    const payload = traineeSignup({ id: 424242, is_paid: true, is_verified: true });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ is_paid: false });
    expect(response.json<{ id: number }>().id).not.toBe(424242);
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: payload.email, password: PASSWORD },
    });
    expect(login.json()).toMatchObject({ unverifiedUser: true });
  });

  it('refuses an email that is already registered, as a field error on email', async () => {
    const payload = traineeSignup({ email: 'foo@example.com' });
    expect((await signUp(t, payload)).statusCode).toBe(201);
    const again = await signUp(t, traineeSignup({ email: 'foo@example.com', name: 'Another' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: ['A user with that email already exists.'] });
  });

  it('treats emails case-insensitively: Foo@Example.com duplicates foo@example.com', async () => {
    const response = await signUp(t, traineeSignup({ email: 'Foo@Example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with that email already exists.'] });
    expect(await mailCountTo(t, 'foo@example.com')).toBe(1);
  });

  it('lets only one of two simultaneous sign-ups with the same email succeed', async () => {
    const email = newEmail('race');
    const responses = await Promise.all([
      signUp(t, traineeSignup({ email })),
      signUp(t, supervisorSignup({ email: email.toUpperCase() })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const refused = responses.find((response) => response.statusCode === 400);
    expect(refused?.json()).toEqual({ email: ['A user with that email already exists.'] });
    expect(await mailCountTo(t, email)).toBe(1);
  });

  it('refuses a supervisor sign-up with a trainee’s email', async () => {
    const email = newEmail();
    await signUp(t, traineeSignup({ email }));
    const response = await signUp(t, supervisorSignup({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with that email already exists.'] });
  });
});

describe('POST /api/v1/signup/ for a supervisor', () => {
  it('creates a supervisor with the five credentials and answers 201 with the id', async () => {
    const payload = supervisorSignup({
      email: 'dana.signup@example.com',
      name: 'Dana Reyes',
      bacb_account_number: 'bacb654321',
    });
    const response = await signUp(t, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      email: 'dana.signup@example.com',
      name: 'Dana Reyes',
      is_supervisor: true,
      is_paid: false,
      date_joined: t.clock.now.toISOString(),
      profile_pic: null,
      rule_set: null,
      time_zone: null,
      has_logs: false,
      supervisor: {
        bacb_account_number: 'BACB654321',
        bacb_certification_number: '1-23-45678',
        supervisor_qualification: 'BCBA',
        date_qualified: '2020-01-15',
        date_contract: '2026-01-10',
        removed_user: [],
        ...NO_QUALIFICATION_FIELDS,
      },
      trainee: null,
    });
    const code = codeFrom(await t.lastMailTo('dana.signup@example.com'));
    expect(code).toMatch(/^\d{6}$/);
  });

  it('requires every credential with ⋆Required', async () => {
    const response = await signUp(t, {
      name: 'Sam',
      email: newEmail(),
      password: PASSWORD,
      is_supervisor: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      bacb_account_number: ['⋆Required'],
      bacb_certification_number: ['⋆Required'],
      supervisor_qualification: ['⋆Required'],
      date_qualified: ['⋆Required'],
      date_contract: ['⋆Required'],
    });
  });

  it.each([
    [
      'an account number without BACB',
      { bacb_account_number: '123456' },
      { bacb_account_number: ['Not a valid number'] },
    ],
    [
      'an account number with 5 digits',
      { bacb_account_number: 'BACB12345' },
      { bacb_account_number: ['Not a valid number'] },
    ],
    [
      'a certification number without dashes',
      { bacb_certification_number: '12345678' },
      { bacb_certification_number: ['Not a valid number'] },
    ],
    [
      'a certification number of the wrong shape',
      { bacb_certification_number: '12-3-45678' },
      { bacb_certification_number: ['Not a valid number'] },
    ],
    [
      'a qualification of digits only',
      { supervisor_qualification: '2020' },
      { supervisor_qualification: ['Supervisor Qualification can not be numbers'] },
    ],
    [
      'a date that does not exist',
      { date_qualified: '2021-02-29' },
      { date_qualified: ['⋆Invalid date'] },
    ],
    [
      'a date in another format',
      { date_contract: '01/10/2026' },
      { date_contract: ['⋆Invalid date'] },
    ],
    ['an empty date', { date_contract: '' }, { date_contract: ['⋆Required'] }],
  ])('rejects %s', async (_case, change, expected) => {
    const response = await signUp(t, supervisorSignup(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('reports trainee-field and credential errors together', async () => {
    const response = await signUp(
      t,
      supervisorSignup({
        email: 'bad',
        password: 'short',
        bacb_account_number: 'X',
        bacb_certification_number: '1',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Invalid email format'],
      password: ['Password must be 8 characters long'],
      bacb_account_number: ['Not a valid number'],
      bacb_certification_number: ['Not a valid number'],
    });
  });

  it('sends no mail when the sign-up is refused', async () => {
    const email = newEmail();
    await signUp(t, supervisorSignup({ email, bacb_account_number: 'nope' }));
    expect(await mailCountTo(t, email)).toBe(0);
  });
});
