import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordRequestSchema,
  EmailOnlyRequestSchema,
  homePathFor,
  isSupervisorProfileComplete,
  LoginRequestSchema,
  ProfileUpdateRequestSchema,
  ResetPasswordFormSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  SupervisorProfileUpdateRequestSchema,
  SupervisorSignupFormSchema,
  TraineeSignupFormSchema,
  VerifyEmailRequestSchema,
  type User,
} from './account.schema';

/** The field-keyed messages a schema gives for `input`, in the API's `{ field: [message] }` shape. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    (fields[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  }
  return fields;
}

const trainee = {
  name: 'Tara Trainee',
  email: 'tara@example.com',
  password: 'correct-horse-42',
  is_supervisor: false,
};
const credentials = {
  bacb_account_number: 'BACB123456',
  bacb_certification_number: '1-23-45678',
  supervisor_qualification: 'BCBA',
  date_qualified: '2020-01-15',
  date_contract: '2026-01-10',
};
const supervisor = { ...trainee, is_supervisor: true, ...credentials };

describe('sign-up (both roles)', () => {
  it('accepts a trainee and lower-cases and trims the email', () => {
    const parsed = SignupRequestSchema.parse({ ...trainee, email: '  Tara@Example.COM ' });
    expect(parsed).toEqual({ ...trainee, email: 'tara@example.com' });
  });

  it('treats a body without is_supervisor as a trainee', () => {
    const { is_supervisor: _omitted, ...withoutRole } = trainee;
    expect(SignupRequestSchema.parse(withoutRole)).toEqual(trainee);
  });

  it.each([
    ['name missing', { ...trainee, name: undefined }, { name: ['⋆Required'] }],
    ['name blank', { ...trainee, name: '   ' }, { name: ['⋆Required'] }],
    ['email missing', { ...trainee, email: undefined }, { email: ['⋆Required'] }],
    ['email empty', { ...trainee, email: '' }, { email: ['⋆Required'] }],
    [
      'email without @',
      { ...trainee, email: 'tara.example.com' },
      { email: ['Invalid email format'] },
    ],
    [
      'email without domain dot',
      { ...trainee, email: 'tara@example' },
      { email: ['Invalid email format'] },
    ],
    [
      'email with a space',
      { ...trainee, email: 'ta ra@example.com' },
      { email: ['Invalid email format'] },
    ],
    ['password missing', { ...trainee, password: undefined }, { password: ['⋆Required'] }],
    ['password empty', { ...trainee, password: '' }, { password: ['⋆Required'] }],
    [
      'password of 7 characters',
      { ...trainee, password: '1234567' },
      { password: ['Password must be 8 characters long'] },
    ],
    [
      'a NUL in the name',
      { ...trainee, name: 'Ta\u0000ra' },
      { name: ['Must be one line, without control characters'] },
    ],
    [
      'a control character in the email',
      { ...trainee, email: 'ta\u0007ra@example.com' },
      { email: ['Must not contain control characters'] },
    ],
    [
      'a password over 256 characters',
      { ...trainee, password: 'x'.repeat(257) },
      { password: ['Password must be at most 256 characters'] },
    ],
    [
      'a name over 150 characters',
      { ...trainee, name: 'n'.repeat(151) },
      { name: ['Must be at most 150 characters'] },
    ],
    [
      'everything missing',
      { is_supervisor: false },
      { name: ['⋆Required'], email: ['⋆Required'], password: ['⋆Required'] },
    ],
  ])('rejects %s', (_case, input, expected) => {
    expect(errorsOf(SignupRequestSchema, input)).toEqual(expected);
  });

  it('accepts a password of exactly 8 characters, spaces included', () => {
    expect(errorsOf(SignupRequestSchema, { ...trainee, password: ' 234567 ' })).toEqual({});
  });

  it.each([
    [
      'mismatched confirmation',
      { confirmPassword: 'something-else' },
      { confirmPassword: ['Passwords not matched'] },
    ],
    ['missing confirmation', { confirmPassword: undefined }, { confirmPassword: ['⋆Required'] }],
    ['empty confirmation', { confirmPassword: '' }, { confirmPassword: ['⋆Required'] }],
    ['terms not ticked', { terms: false }, { terms: ['Please agree to our terms and conditions'] }],
    [
      'terms missing',
      { terms: undefined },
      { terms: ['Please agree to our terms and conditions'] },
    ],
  ])('the trainee form rejects %s', (_case, change, expected) => {
    const form = { ...trainee, confirmPassword: trainee.password, terms: true, ...change };
    expect(errorsOf(TraineeSignupFormSchema, form)).toEqual(expected);
  });

  it('the supervisor form checks the confirmation and the terms too', () => {
    const form = { ...supervisor, confirmPassword: 'other-password', terms: false };
    expect(errorsOf(SupervisorSignupFormSchema, form)).toEqual({
      terms: ['Please agree to our terms and conditions'],
      confirmPassword: ['Passwords not matched'],
    });
    expect(
      errorsOf(SupervisorSignupFormSchema, {
        ...supervisor,
        confirmPassword: supervisor.password,
        terms: true,
      }),
    ).toEqual({});
  });
});

describe('supervisor extras at sign-up', () => {
  it('accepts a supervisor and upper-cases the BACB account number', () => {
    const parsed = SignupRequestSchema.parse({ ...supervisor, bacb_account_number: 'bacb654321' });
    expect(parsed).toEqual({ ...supervisor, bacb_account_number: 'BACB654321' });
  });

  it('requires every credential', () => {
    expect(errorsOf(SignupRequestSchema, { ...trainee, is_supervisor: true })).toEqual({
      bacb_account_number: ['⋆Required'],
      bacb_certification_number: ['⋆Required'],
      supervisor_qualification: ['⋆Required'],
      date_qualified: ['⋆Required'],
      date_contract: ['⋆Required'],
    });
  });

  it.each([
    ['BACB12345', 'five digits'],
    ['BACB1234567', 'seven digits'],
    ['BCBA123456', 'wrong letters'],
    ['123456', 'no letters'],
    ['BACB12345X', 'a letter among the digits'],
  ])('rejects the account number %s (%s)', (value) => {
    expect(errorsOf(SignupRequestSchema, { ...supervisor, bacb_account_number: value })).toEqual({
      bacb_account_number: ['Not a valid number'],
    });
  });

  it.each([
    ['12345678', 'no dashes'],
    ['1-2-345678', 'dashes in the wrong places'],
    ['12-34-56789', 'two leading digits'],
    ['1-23-4567', 'four trailing digits'],
    ['A-23-45678', 'a letter'],
  ])('rejects the certification number %s (%s)', (value) => {
    expect(
      errorsOf(SignupRequestSchema, { ...supervisor, bacb_certification_number: value }),
    ).toEqual({ bacb_certification_number: ['Not a valid number'] });
  });

  it.each([
    ['12345', { supervisor_qualification: ['Supervisor Qualification can not be numbers'] }],
    ['2020', { supervisor_qualification: ['Supervisor Qualification can not be numbers'] }],
    ['BCBA-D', {}],
    ['BCBA 2020', {}],
  ])('checks the qualification %s is not all digits', (value, expected) => {
    expect(
      errorsOf(SignupRequestSchema, { ...supervisor, supervisor_qualification: value }),
    ).toEqual(expected);
  });

  it.each([
    ['2020-02-30', 'a day that does not exist'],
    ['2020-13-01', 'month 13'],
    ['15/01/2020', 'another format'],
    ['yesterday', 'words'],
  ])('rejects the date %s (%s)', (value) => {
    expect(
      errorsOf(SignupRequestSchema, { ...supervisor, date_qualified: value, date_contract: value }),
    ).toEqual({ date_qualified: ['⋆Invalid date'], date_contract: ['⋆Invalid date'] });
  });

  it('accepts a leap day', () => {
    expect(errorsOf(SignupRequestSchema, { ...supervisor, date_qualified: '2024-02-29' })).toEqual(
      {},
    );
  });
});

describe('login', () => {
  it('accepts an email in any case and lower-cases it', () => {
    expect(
      LoginRequestSchema.parse({ username: 'Tara@Example.com', password: 'correct-horse-42' }),
    ).toEqual({ username: 'tara@example.com', password: 'correct-horse-42' });
  });

  it('keeps the role of the login page', () => {
    expect(
      LoginRequestSchema.parse({
        username: 'tara@example.com',
        password: 'correct-horse-42',
        is_supervisor: true,
      }),
    ).toMatchObject({ is_supervisor: true });
  });

  it.each([
    [{ username: 'tara', password: 'correct-horse-42' }, { username: ['Invalid email format'] }],
    [{ username: '', password: 'correct-horse-42' }, { username: ['⋆Required'] }],
    [{ username: 'tara@example.com', password: '' }, { password: ['⋆Required'] }],
    [{ username: 'tara@example.com' }, { password: ['⋆Required'] }],
    [
      { username: 'tara@example.com', password: 'short' },
      { password: ['Password must be 8 characters long'] },
    ],
    [
      { username: 'tara@example.com', password: 'p'.repeat(257) },
      { password: ['Password must be at most 256 characters'] },
    ],
  ])('rejects %j', (input, expected) => {
    expect(errorsOf(LoginRequestSchema, input)).toEqual(expected);
  });
});

describe('forgot password and resending a code', () => {
  it.each([
    [{ email: '' }, { email: ['⋆Required'] }],
    [{}, { email: ['⋆Required'] }],
    [{ email: 'not-an-email' }, { email: ['Invalid email format'] }],
    [{ email: 'Tara@Example.com' }, {}],
  ])('checks %j', (input, expected) => {
    expect(errorsOf(EmailOnlyRequestSchema, input)).toEqual(expected);
  });
});

describe('reset password', () => {
  const reset = { email: 'tara@example.com', password: 'new-password-1', token: '123456' };

  it('accepts an email, a new password of at least 8 and the 6-digit code', () => {
    expect(ResetPasswordRequestSchema.parse(reset)).toEqual(reset);
  });

  it.each([
    [{ password: 'short' }, { password: ['Password must be 8 characters long'] }],
    [{ password: '' }, { password: ['⋆Required'] }],
    [{ token: '' }, { token: ['⋆Required'] }],
    [{ token: undefined }, { token: ['⋆Required'] }],
    [{ token: '12345' }, { token: ['Enter the 6-digit code from the email'] }],
    [{ token: '12345a' }, { token: ['Enter the 6-digit code from the email'] }],
    [{ email: 'nope' }, { email: ['Invalid email format'] }],
  ])('rejects %j', (change, expected) => {
    expect(errorsOf(ResetPasswordRequestSchema, { ...reset, ...change })).toEqual(expected);
  });

  it.each([
    [
      'a different confirmation',
      { confirmPassword: 'different-password' },
      { confirmPassword: ['Passwords do not match'] },
    ],
    ['a missing confirmation', { confirmPassword: undefined }, { confirmPassword: ['⋆Required'] }],
    ['a matching confirmation', { confirmPassword: 'new-password-1' }, {}],
  ])('the form checks %s', (_case, change, expected) => {
    expect(errorsOf(ResetPasswordFormSchema, { ...reset, ...change })).toEqual(expected);
  });
});

describe('verification token', () => {
  it.each([
    [{ email: 'tara@example.com', token: '' }, { token: ['⋆Required'] }],
    [{ email: 'tara@example.com' }, { token: ['⋆Required'] }],
    [
      { email: 'tara@example.com', token: '1234567' },
      { token: ['Enter the 6-digit code from the email'] },
    ],
    [{ email: 'tara@example.com', token: ' 012345 ' }, {}],
    [{ token: '012345' }, { email: ['⋆Required'] }],
  ])('checks %j', (input, expected) => {
    expect(errorsOf(VerifyEmailRequestSchema, input)).toEqual(expected);
  });
});

describe('change password', () => {
  const change = {
    old_password: 'correct-horse-42',
    new_password1: 'battery-staple-7',
    new_password2: 'battery-staple-7',
  };

  it('accepts a new password confirmed twice', () => {
    expect(ChangePasswordRequestSchema.parse(change)).toEqual(change);
  });

  it.each([
    ['current missing', { old_password: '' }, { old_password: ['⋆Required'] }],
    [
      'current over 256 characters',
      { old_password: 'p'.repeat(257) },
      { old_password: ['Password must be at most 256 characters'] },
    ],
    [
      'new missing',
      { new_password1: '', new_password2: '' },
      { new_password1: ['⋆Required'], new_password2: ['⋆Required'] },
    ],
    [
      'new shorter than 8',
      { new_password1: 'short', new_password2: 'short' },
      { new_password1: ['Password must be 8 characters long'] },
    ],
    ['confirmation missing', { new_password2: '' }, { new_password2: ['⋆Required'] }],
    [
      'confirmation different',
      { new_password2: 'battery-staple-8' },
      { new_password2: ['Passwords do not match'] },
    ],
    [
      'new equal to current',
      { new_password1: 'correct-horse-42', new_password2: 'correct-horse-42' },
      { new_password1: ['Can not use same password'] },
    ],
  ])('rejects %s', (_case, changes, expected) => {
    expect(errorsOf(ChangePasswordRequestSchema, { ...change, ...changes })).toEqual(expected);
  });

  it('answers every missing field with ⋆Required', () => {
    expect(errorsOf(ChangePasswordRequestSchema, {})).toEqual({
      old_password: ['⋆Required'],
      new_password1: ['⋆Required'],
      new_password2: ['⋆Required'],
    });
  });
});

describe('profile edit', () => {
  it('requires the name and checks the (read-only) email', () => {
    expect(errorsOf(ProfileUpdateRequestSchema, { name: '', email: 'x' })).toEqual({
      name: ['⋆Required'],
      email: ['Invalid email format'],
    });
    expect(ProfileUpdateRequestSchema.parse({ name: ' Tara T ' })).toEqual({ name: 'Tara T' });
  });

  it.each([
    ['bacb1234567', 'BACB1234567'],
    [' 1-23-45678 ', '1-23-45678'],
    ['', ''],
  ])('takes the trainee BACB ID %j as %j', (sent, stored) => {
    expect(ProfileUpdateRequestSchema.parse({ name: 'T', bacb_id: sent })).toEqual({
      name: 'T',
      bacb_id: stored,
    });
  });

  it.each(['BACB12', '12345678', '1-2-345', 'BACB12345678901'])(
    'refuses the trainee BACB ID %j',
    (sent) => {
      expect(errorsOf(ProfileUpdateRequestSchema, { name: 'T', bacb_id: sent })).toEqual({
        bacb_id: ['Not a valid number'],
      });
    },
  );

  it('takes the fieldwork state and country as trimmed text, and refuses control characters', () => {
    expect(
      ProfileUpdateRequestSchema.parse({
        name: 'T',
        fieldwork_state: ' Oregon ',
        fieldwork_country: 'United States',
      }),
    ).toEqual({ name: 'T', fieldwork_state: 'Oregon', fieldwork_country: 'United States' });
    expect(
      errorsOf(ProfileUpdateRequestSchema, { name: 'T', fieldwork_state: 'a\u0000b' }),
    ).toEqual({ fieldwork_state: ['Must not contain control characters'] });
    expect(
      errorsOf(ProfileUpdateRequestSchema, { name: 'T', fieldwork_country: 'x'.repeat(101) }),
    ).toEqual({ fieldwork_country: ['Must be at most 100 characters'] });
  });
});

describe('supervisor profile edit', () => {
  it('accepts the five credentials', () => {
    expect(SupervisorProfileUpdateRequestSchema.parse(credentials)).toEqual(credentials);
  });

  it('requires every field', () => {
    expect(errorsOf(SupervisorProfileUpdateRequestSchema, {})).toEqual({
      bacb_account_number: ['⋆Required'],
      bacb_certification_number: ['⋆Required'],
      supervisor_qualification: ['⋆Required'],
      date_qualified: ['⋆Required'],
      date_contract: ['⋆Required'],
    });
  });

  it.each([
    [
      { bacb_account_number: '-BACB123456' },
      { bacb_account_number: ['ID Number cannot be negative'] },
    ],
    [
      { bacb_certification_number: '-1-23-45678' },
      { bacb_certification_number: ['ID Number cannot be negative'] },
    ],
    [{ bacb_account_number: 'BACB12' }, { bacb_account_number: ['Not a valid number'] }],
    [
      { bacb_certification_number: '123-45678' },
      { bacb_certification_number: ['Not a valid number'] },
    ],
    [
      { supervisor_qualification: '007' },
      { supervisor_qualification: ['Supervisor Qualification can not be numbers'] },
    ],
    [{ date_contract: '2026-04-31' }, { date_contract: ['⋆Invalid date'] }],
    [{ date_qualified: '' }, { date_qualified: ['⋆Required'] }],
  ])('rejects %j', (change, expected) => {
    expect(errorsOf(SupervisorProfileUpdateRequestSchema, { ...credentials, ...change })).toEqual(
      expected,
    );
  });
});

function userWith(overrides: Partial<User>): User {
  return {
    id: 1,
    email: 'someone@example.com',
    name: 'Someone',
    is_supervisor: false,
    is_paid: false,
    date_joined: '2026-01-01T00:00:00.000Z',
    profile_pic: null,
    rule_set: null,
    time_zone: null,
    has_logs: false,
    supervisor: null,
    trainee: null,
    ...overrides,
  };
}
const profile = (changes: Partial<NonNullable<User['supervisor']>> = {}) => ({
  bacb_account_number: 'BACB123456',
  bacb_certification_number: '1-23-45678',
  supervisor_qualification: 'BCBA',
  date_qualified: '2020-01-15',
  date_contract: '2026-01-10',
  removed_user: [],
  certified_on: null,
  training_completed_on: null,
  training_certificate_name: null,
  consulting_supervisor_name: '',
  consulting_supervisor_bacb_id: '',
  ...changes,
});

describe('where a signed-in person lands', () => {
  it.each([
    ['a trainee', userWith({}), false, '/student/logHour'],
    [
      'a supervisor with a complete profile',
      userWith({ is_supervisor: true, supervisor: profile() }),
      true,
      '/supervisor/signlogs',
    ],
    [
      'a supervisor without an account number',
      userWith({ is_supervisor: true, supervisor: profile({ bacb_account_number: '' }) }),
      false,
      '/supervisor/profile-screen',
    ],
    [
      'a supervisor with a blank certification number',
      userWith({ is_supervisor: true, supervisor: profile({ bacb_certification_number: '   ' }) }),
      false,
      '/supervisor/profile-screen',
    ],
    [
      'a supervisor without a qualification',
      userWith({ is_supervisor: true, supervisor: profile({ supervisor_qualification: '' }) }),
      false,
      '/supervisor/profile-screen',
    ],
    [
      'a supervisor without dates (dates do not count toward completeness)',
      userWith({
        is_supervisor: true,
        supervisor: profile({ date_qualified: null, date_contract: null }),
      }),
      true,
      '/supervisor/signlogs',
    ],
    [
      'a supervisor without a profile at all',
      userWith({ is_supervisor: true, supervisor: null }),
      false,
      '/supervisor/profile-screen',
    ],
  ])('%s', (_case, user, isComplete, home) => {
    expect(isSupervisorProfileComplete(user)).toBe(isComplete);
    expect(homePathFor(user)).toBe(home);
  });
});

describe('two-field checks run while other fields are still empty', () => {
  it('says "Can not use same password" before the confirmation is typed', () => {
    const result = ChangePasswordRequestSchema.safeParse({
      old_password: 'correct-horse-42',
      new_password1: 'correct-horse-42',
      new_password2: '',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['new_password2', '⋆Required'],
      ['new_password1', 'Can not use same password'],
    ]);
  });

  it('says "Passwords not matched" on sign-up while the terms are still unchecked', () => {
    const result = TraineeSignupFormSchema.safeParse({
      name: 'Tara',
      email: 'tara@example.com',
      password: 'correct-horse-42',
      confirmPassword: 'correct-horse-43',
      terms: false,
    });
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['terms', 'Please agree to our terms and conditions'],
      ['confirmPassword', 'Passwords not matched'],
    ]);
  });

  it.each([
    ['a string', 'not a form'],
    ['null', null],
    ['a list', ['correct-horse-42', 'correct-horse-42']],
  ])('refuses a body that is %s as not an object, without comparing fields', (_case, body) => {
    for (const schema of [
      TraineeSignupFormSchema,
      ResetPasswordFormSchema,
      ChangePasswordRequestSchema,
    ]) {
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.code, issue.path])).toEqual([
        ['invalid_type', []],
      ]);
    }
  });
});
