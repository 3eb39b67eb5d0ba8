import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { authTokens, outboxEmails, users } from '../../src/server/db/schema';
import { codeFrom, type TestApp } from './test-app';

export const PASSWORD = 'correct-horse-42';

/** A fresh address for each sign-up, so tests never share an account. */
export const newEmail = (prefix = 'person') =>
  `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** A trainee's sign-up body (SPEC §3), with overrides. */
export function traineeSignup(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Tara Trainee',
    email: newEmail('trainee'),
    password: PASSWORD,
    is_supervisor: false,
    ...overrides,
  };
}

/** A supervisor's sign-up body: the trainee fields plus the five credentials. */
export function supervisorSignup(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sam Supervisor',
    email: newEmail('supervisor'),
    password: PASSWORD,
    is_supervisor: true,
    bacb_account_number: 'BACB123456',
    bacb_certification_number: '1-23-45678',
    supervisor_qualification: 'BCBA',
    date_qualified: '2020-01-15',
    date_contract: '2026-01-10',
    ...overrides,
  };
}

export const signUp = (t: TestApp, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/v1/signup/', payload });

export const logIn = (t: TestApp, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/v1/login/', payload });

export const verify = (t: TestApp, email: string, token: string) =>
  t.request({ method: 'POST', url: '/users/email/verify-user/', payload: { email, token } });

/** The code in the newest mail to `email`. */
export async function lastCodeTo(t: TestApp, email: string): Promise<string> {
  return codeFrom(await t.lastMailTo(email));
}

/** Signs up through the API and reads the verification code from the mail; not yet verified. */
export async function signUpUnverified(t: TestApp, payload: Record<string, unknown>) {
  const response = await signUp(t, payload);
  expect(response.statusCode).toBe(201);
  const email = String(payload.email).toLowerCase();
  return { id: response.json<{ id: number }>().id, email, code: await lastCodeTo(t, email) };
}

/** Signs up and verifies through the API; returns the session token it was given. */
export async function signUpVerified(t: TestApp, payload: Record<string, unknown>) {
  const created = await signUpUnverified(t, payload);
  const verified = await verify(t, created.email, created.code);
  expect(verified.statusCode).toBe(200);
  return { ...created, token: verified.json<{ token: string }>().token };
}

/** The mails sent to an address, oldest first. */
export function mailsTo(t: TestApp, email: string) {
  return t.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, email))
    .orderBy(asc(outboxEmails.id));
}

/** How many mails went to an address. */
export async function mailCountTo(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, email));
  return row?.n ?? 0;
}

/** How many unrevoked sessions a user has. */
export async function liveSessionCount(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(users.email, email), isNull(authTokens.revokedAt)));
  return row?.n ?? 0;
}

/** A code that is not `code`. */
export const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** A response body never carries a stack trace, a password hash or internal error names. */
export function expectNoInternals(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\$argon2/);
  expect(response.body).not.toMatch(/password_?hash/i);
  expect(response.body).not.toMatch(/"stack"|\n\s+at |\.ts:\d+/);
  expect(response.body).not.toMatch(/ZodError|FST_|drizzle|postgres/i);
}

/** Every request answers `401` with the contract's body when no valid token is sent. */
export const UNAUTHENTICATED = {
  detail: 'Authentication credentials were not provided.',
  code: 'UNAUTHENTICATED',
};

/**
 * The trainee chooses a set of standards in the profile (PUT /api/v1/rule-set/). Without a
 * choice, a 2026 record far from the total is read by the 2027 standards (issue 35): a test of
 * the 2022 rules says so by choosing them.
 */
export async function chooseStandards(
  t: TestApp,
  trainee: { token: string },
  ruleSet: '2022' | '2027' | null,
): Promise<void> {
  const response = await t.request({
    method: 'PUT',
    url: '/api/v1/rule-set/',
    token: trainee.token,
    payload: { rule_set: ruleSet },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Issue 39's profile fields of a trainee who has recorded neither (shared/accounts/pathway.ts). */
export const NO_START_FIELDS = { pathway: null, first_class_on: null } as const;

/** Issue 39's qualification fields of a supervisor who has recorded none. */
export const NO_QUALIFICATION_FIELDS = {
  certified_on: null,
  training_completed_on: null,
  training_certificate_name: null,
  consulting_supervisor_name: '',
  consulting_supervisor_bacb_id: '',
} as const;
