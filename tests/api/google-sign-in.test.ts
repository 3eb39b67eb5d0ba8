import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountEvents, oidcIdentities, oidcPending, users } from '../../src/server/db/schema';
import { GOOGLE_MESSAGES } from '../../src/shared/google-sign-in/google.schema';
import {
  expectNoInternals,
  lastCodeTo,
  logIn,
  mailsTo,
  newEmail,
  signUp,
  verify,
} from '../helpers/accounts';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { signInAtIssuer, startTestIssuer, type TestIssuer } from '../helpers/oidc-provider';
import { createTestApp, type TestApp } from '../helpers/test-app';

const APP_URL = 'http://127.0.0.1:3999';
let issuer: TestIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startTestIssuer(APP_URL);
  t = await createTestApp({ APP_URL, ...issuer.env });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});
// Each test starts in a fresh window of the per-address sign-in limit.
beforeEach(() => t.clock.advanceMinutes(16));

type Answer = { key?: string; link_required?: true; link_token?: string; email?: string };

async function start(app: TestApp, isSupervisor = false) {
  const response = await app.request({
    method: 'POST',
    url: '/api/v1/google/start/',
    payload: { is_supervisor: isSupervisor },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ authorization_url: string; state: string }>();
}

/** What the landing page posts: the parameters the issuer sent the browser back with. */
function callbackBody(landing: URL, isSupervisor = false) {
  return {
    code: landing.searchParams.get('code'),
    state: landing.searchParams.get('state'),
    iss: landing.searchParams.get('iss'),
    is_supervisor: isSupervisor,
    authsource: 'google',
  };
}

const callback = (app: TestApp, payload: Record<string, unknown>) =>
  app.request({ method: 'POST', url: '/rest-auth/google/', payload });

/** The whole flow as `login` at the issuer, from the page of a role. */
async function signInWithGoogle(login: string, isSupervisor = false) {
  const { authorization_url } = await start(t, isSupervisor);
  const landing = await signInAtIssuer(authorization_url, login);
  return callback(t, callbackBody(landing, isSupervisor));
}

const attach = (token: string) =>
  t.request({ method: 'POST', url: '/api/v1/attachuser/', payload: { token } });

async function usersWithEmail(email: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.email, email));
  return row?.n ?? 0;
}

async function eventKinds(userId: number): Promise<string[]> {
  const rows = await t.db
    .select({ kind: accountEvents.kind })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(accountEvents.id);
  return rows.map((row) => row.kind);
}

async function identitiesOf(userId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, userId));
  return row?.n ?? 0;
}

const methodsOf = (token: string) =>
  t.request({ method: 'GET', url: '/api/v1/sign-in-methods/', token });

describe('GET /api/v1/google/', () => {
  it('says Google sign-in is offered when a client is configured', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/google/' });
    expect(response.json()).toEqual({ enabled: true });
  });

  it('says it is not, and refuses to start, when no client is configured', async () => {
    const bare = await createTestApp({ APP_URL });
    try {
      expect((await bare.request({ method: 'GET', url: '/api/v1/google/' })).json()).toEqual({
        enabled: false,
      });
      const started = await bare.request({
        method: 'POST',
        url: '/api/v1/google/start/',
        payload: { is_supervisor: false },
      });
      expect(started.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('a first Google sign-in', () => {
  it('creates a verified trainee from the trainee page, signs them in, and records it', async () => {
    const email = newEmail('gina');
    const { authorization_url, state } = await start(t);
    const url = new URL(authorization_url);
    expect(url.origin).toBe(issuer.issuer);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/`);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // Only the state's hash is kept.
    const [pending] = await t.db.select().from(oidcPending).where(eq(oidcPending.kind, 'flow'));
    expect(JSON.stringify(pending)).not.toContain(state);

    const landing = await signInAtIssuer(authorization_url, email);
    expect(landing.origin + landing.pathname).toBe(`${APP_URL}/`);
    expect(landing.searchParams.get('state')).toBe(state);
    const response = await callback(t, callbackBody(landing));
    expect(response.statusCode).toBe(200);
    const { key } = response.json<{ key: string }>();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expectNoInternals(response);

    const attached = await attach(key);
    expect(attached.statusCode).toBe(200);
    const { user } = attached.json<{
      user: { id: number; email: string; is_supervisor: boolean; name: string };
    }>();
    expect(attached.json()).toMatchObject({
      token: key,
      user: { email, name: 'Gina Google', is_supervisor: false, supervisor: null },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isVerified).toBe(true);
    expect(row?.passwordHash).toBeNull();
    expect(await eventKinds(user.id)).toEqual(['signup', 'google_linked', 'google_login']);
    expect((await methodsOf(key)).json()).toEqual({
      password: false,
      google: { email, linked_at: expect.any(String) },
      google_available: true,
    });
    // No password: the login form lets nobody in.
    const byPassword = await logIn(t, { username: email, password: 'any-password-at-all' });
    expect(byPassword.statusCode).toBe(400);

    // The same Google account again: the same user, no second account.
    const again = await signInWithGoogle(email);
    expect(again.statusCode).toBe(200);
    const second = await attach(again.json<{ key: string }>().key);
    expect(second.json<{ user: { id: number } }>().user.id).toBe(user.id);
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('makes an issuer’s name with line breaks one line, as every name field takes it (issue 36)', async () => {
    const email = newEmail('multiline');
    const response = await signInWithGoogle(email);
    expect(response.statusCode).toBe(200);
    const attached = await attach(response.json<{ key: string }>().key);
    expect(attached.json()).toMatchObject({
      user: { email, name: 'Gina Google Bcc: x@example.com' },
    });
  });

  it('creates a supervisor from the supervisor page, whose BACB numbers are still to give', async () => {
    const email = newEmail('gus');
    const response = await signInWithGoogle(email, true);
    expect(response.statusCode).toBe(200);
    const attached = await attach(response.json<{ key: string }>().key);
    expect(attached.json()).toMatchObject({
      user: {
        email,
        is_supervisor: true,
        supervisor: { bacb_account_number: '', bacb_certification_number: '' },
      },
    });
    // The same Google account from the trainee page is refused, as the login form refuses it.
    const fromStudentPage = await signInWithGoogle(email, false);
    expect(fromStudentPage.statusCode).toBe(400);
    expect(fromStudentPage.json()).toEqual({ non_field_errors: ["Invalid student's credentials"] });
  });

  it('links nothing from an email the issuer did not verify until the mailed code comes back in that flow', async () => {
    const email = newEmail('una');
    const response = await signInWithGoogle(`${email}#unverified`);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ verify_token: string }>();
    expect(answer).toMatchObject({
      unverifiedUser: true,
      user: { email },
      verify_token: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(answer).not.toHaveProperty('key');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isVerified: false, passwordHash: null });
    // Before (issue 27 item 5) the issuer account was linked here; now nothing is.
    expect(await identitiesOf(row?.id ?? 0)).toBe(0);
    // Signing in again the same way is no way in either: it only mails a fresh code.
    const again = await signInWithGoogle(`${email}#unverified`);
    expect(again.json()).toMatchObject({ unverifiedUser: true, user: { email } });
    expect(again.json()).not.toHaveProperty('key');
    expect(await identitiesOf(row?.id ?? 0)).toBe(0);

    const code = await lastCodeTo(t, email);
    const withCode = (verify_token: string, given: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/google/verify/',
        payload: { verify_token, code: given },
      });
    // The code without this flow's token (a made-up one), and the token with a wrong code.
    expect((await withCode('a'.repeat(43), code)).json()).toEqual({
      non_field_errors: [GOOGLE_MESSAGES.expired],
    });
    const latest = answer.verify_token;
    const wrong = await withCode(latest, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('token');
    expect(await identitiesOf(row?.id ?? 0)).toBe(0);

    const proven = await withCode(latest, await lastCodeTo(t, email));
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after?.isVerified).toBe(true);
    expect(await identitiesOf(after?.id ?? 0)).toBe(1);
    expect(await eventKinds(after?.id ?? 0)).toEqual(
      expect.arrayContaining(['signup', 'email_verified', 'google_linked', 'google_login']),
    );
    // From now on the issuer account signs straight in.
    expect((await signInWithGoogle(`${email}#unverified`)).json()).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });
});

describe('the code of an email the issuer did not verify (issue 36)', () => {
  const googleVerify = (verify_token: string, code: string, remoteAddress = '127.0.0.1') =>
    t.request({
      method: 'POST',
      url: '/api/v1/google/verify/',
      remoteAddress,
      payload: { verify_token, code },
    });
  const resend = (email: string) =>
    t.request({ method: 'POST', url: '/api/v1/resendemail/', payload: { email } });
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('mails a fresh code to a second sign-in before the first code is used, and its token takes it', async () => {
    const email = newEmail('twice');
    const first = (await signInWithGoogle(`${email}#unverified`)).json<{ verify_token: string }>();
    const firstCode = await lastCodeTo(t, email);
    const second = await signInWithGoogle(`${email}#unverified`);
    expect(second.statusCode, second.body).toBe(200);
    const answer = second.json<{ verify_token: string }>();
    expect(answer).toMatchObject({
      unverifiedUser: true,
      user: { email },
      verify_token: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(answer.verify_token).not.toBe(first.verify_token);
    expect(await mailsTo(t, email)).toHaveLength(2);
    const freshCode = await lastCodeTo(t, email);
    // Only the newest code works.
    if (freshCode !== firstCode) {
      expect((await googleVerify(answer.verify_token, firstCode)).statusCode).toBe(400);
    }
    const proven = await googleVerify(answer.verify_token, freshCode);
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.isVerified).toBe(true);
    expect(await identitiesOf(row?.id ?? 0)).toBe(1);
  });

  it('keeps the account’s role, and mails at most 5 fresh codes in 15 minutes', async () => {
    const email = newEmail('often');
    await signInWithGoogle(`${email}#unverified`);
    const fromSupervisorPage = await signInWithGoogle(`${email}#unverified`, true);
    expect(fromSupervisorPage.json()).toEqual({
      non_field_errors: ["Invalid supervisor's credentials"],
    });
    for (let again = 1; again <= 5; again += 1) {
      expect((await signInWithGoogle(`${email}#unverified`)).statusCode).toBe(200);
    }
    const limited = await signInWithGoogle(`${email}#unverified`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await mailsTo(t, email)).toHaveLength(6);
  });

  it('counts its checks against the account, with the verification page’s: 10 an hour', async () => {
    // The start of an hour: the per-account window is a fixed hour.
    t.clock.now = new Date(Math.ceil(t.clock.now.getTime() / 3_600_000) * 3_600_000);
    const email = newEmail('guess');
    const started = await signInWithGoogle(`${email}#unverified`);
    const { verify_token } = started.json<{ verify_token: string }>();
    // Five wrong here and five on the verification page, each from an address of its own.
    const first = await lastCodeTo(t, email);
    for (let guess = 1; guess <= 5; guess += 1) {
      const wrong = await googleVerify(verify_token, otherThan(first), `198.51.100.${guess}`);
      expect(wrong.statusCode).toBe(400);
    }
    expect((await resend(email)).statusCode).toBe(200);
    const second = await lastCodeTo(t, email);
    for (let guess = 1; guess <= 5; guess += 1) {
      const wrong = await t.request({
        method: 'POST',
        url: '/users/email/verify-user/',
        remoteAddress: `203.0.113.${guess}`,
        payload: { email, token: otherThan(second) },
      });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await resend(email)).statusCode).toBe(200);
    const limited = await googleVerify(verify_token, await lastCodeTo(t, email), '192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'Too many attempts. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.isVerified).toBe(false);
    expect(await identitiesOf(row?.id ?? 0)).toBe(0);

    // Another account's checks are its own.
    const other = newEmail('other');
    const otherToken = (await signInWithGoogle(`${other}#unverified`)).json<{
      verify_token: string;
    }>().verify_token;
    const proven = await googleVerify(otherToken, await lastCodeTo(t, other), '192.0.2.1');
    expect(proven.statusCode, proven.body).toBe(200);
  });
});

describe('an attacker asserting someone else’s email', () => {
  it('gets no link when the mailbox’s owner verifies the account the attacker’s sign-in made', async () => {
    const victim = newEmail('victim');
    const attack = await signInWithGoogle(`${victim}#unverified-attacker`);
    expect(attack.json()).toMatchObject({ unverifiedUser: true });
    // The owner verifies with the code in their mailbox, on the verification page.
    const verified = await verify(t, victim, await lastCodeTo(t, victim));
    expect(verified.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, victim));
    expect(await identitiesOf(row?.id ?? 0)).toBe(0);
    // The attacker's token is worth nothing now, and signing in again gives no session.
    const late = await t.request({
      method: 'POST',
      url: '/api/v1/google/verify/',
      payload: {
        verify_token: attack.json<{ verify_token: string }>().verify_token,
        code: '123456',
      },
    });
    expect(late.json()).toEqual({ non_field_errors: [GOOGLE_MESSAGES.expired] });
    const again = await signInWithGoogle(`${victim}#unverified-attacker`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).not.toHaveProperty('key');
  });

  it('loses a link made before the owner verified the email or reset the password', async () => {
    // The attacker signs up with the victim's email and a password, then links their issuer
    // account with that password (the issuer says the email is verified).
    const victim = newEmail('vera');
    const attackerPassword = 'attacker-horse-77';
    const signedUp = await signUp(t, {
      name: 'Not Vera',
      email: victim,
      password: attackerPassword,
      is_supervisor: false,
    });
    expect(signedUp.statusCode).toBe(201);
    const userId = signedUp.json<{ id: number }>().id;
    const linkNow = async () => {
      const first = await signInWithGoogle(`${victim}#attacker`);
      const { link_token } = first.json<Answer>();
      return t.request({
        method: 'POST',
        url: '/api/v1/google/link/',
        payload: { link_token, password: attackerPassword },
      });
    };
    expect((await linkNow()).json()).toMatchObject({ unverifiedUser: true });
    expect(await identitiesOf(userId)).toBe(1);

    // The owner verifies the email: the link made before it ends.
    expect((await verify(t, victim, await lastCodeTo(t, victim))).statusCode).toBe(200);
    expect(await identitiesOf(userId)).toBe(0);
    expect(await eventKinds(userId)).toContain('google_unlinked');

    // Linked again with the password (still the attacker's), then the owner resets it.
    expect((await linkNow()).json()).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await identitiesOf(userId)).toBe(1);
    const send = await t.request({
      method: 'POST',
      url: '/users/reset-password/send/',
      payload: { email: victim },
    });
    expect(send.statusCode).toBe(200);
    const reset = await t.request({
      method: 'POST',
      url: '/users/reset-password/verify/',
      payload: { email: victim, token: await lastCodeTo(t, victim), password: 'owner-horse-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await identitiesOf(userId)).toBe(0);
    // Before the fix the attacker's issuer account signed straight in here.
    const afterReset = await signInWithGoogle(`${victim}#attacker`);
    expect(afterReset.json()).toMatchObject({ link_required: true });
    expect(afterReset.json()).not.toHaveProperty('key');
  });
});

describe('the state and the nonce', () => {
  it('refuses a tampered state, and a state used twice, creating nothing', async () => {
    const email = newEmail('tess');
    const { authorization_url } = await start(t);
    const landing = await signInAtIssuer(authorization_url, email);
    const body = callbackBody(landing);
    const tampered = await callback(t, { ...body, state: `${body.state}x` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ non_field_errors: [GOOGLE_MESSAGES.expired] });
    expect(await usersWithEmail(email)).toBe(0);
    // The genuine answer still works once, and only once.
    expect((await callback(t, body)).statusCode).toBe(200);
    const replayed = await callback(t, body);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ non_field_errors: [GOOGLE_MESSAGES.expired] });
  });

  it('refuses a state the issuer was sent altered', async () => {
    const email = newEmail('alt');
    const { authorization_url } = await start(t);
    const url = new URL(authorization_url);
    url.searchParams.set('state', 'a-state-we-never-issued');
    const landing = await signInAtIssuer(url.href, email);
    expect(landing.searchParams.get('state')).toBe('a-state-we-never-issued');
    const response = await callback(t, callbackBody(landing));
    expect(response.statusCode).toBe(400);
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('refuses an ID token with a wrong nonce, creating nothing', async () => {
    const email = newEmail('nonce');
    const { authorization_url } = await start(t);
    const url = new URL(authorization_url);
    url.searchParams.set('nonce', 'a-nonce-we-never-issued');
    const landing = await signInAtIssuer(url.href, email);
    const response = await callback(t, callbackBody(landing));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [GOOGLE_MESSAGES.refused] });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('refuses a flow started for another role', async () => {
    const email = newEmail('role');
    const { authorization_url } = await start(t, false);
    const landing = await signInAtIssuer(authorization_url, email);
    const response = await callback(t, callbackBody(landing, true));
    expect(response.statusCode).toBe(400);
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('answers bad input with field errors and stores nothing', async () => {
    const response = await callback(t, { code: '', is_supervisor: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<Record<string, unknown>>()).sort()).toEqual([
      'code',
      'is_supervisor',
      'state',
    ]);
  });
});

describe('an issuer that is down', () => {
  it('says so clearly when the sign-in starts, and keeps nothing', async () => {
    const down = await startTestIssuer(APP_URL);
    await down.close();
    const app = await createTestApp({ APP_URL, ...down.env });
    try {
      const response = await app.request({
        method: 'POST',
        url: '/api/v1/google/start/',
        payload: { is_supervisor: false },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: GOOGLE_MESSAGES.unavailable, code: 'UNAVAILABLE' });
      expect(response.headers['retry-after']).toBe('60');
      const [pending] = await app.db.select({ n: count() }).from(oidcPending);
      expect(pending?.n).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('says so clearly when it goes down before the code is exchanged, and creates nothing', async () => {
    const flaky = await startTestIssuer(APP_URL);
    const app = await createTestApp({ APP_URL, ...flaky.env });
    const email = newEmail('flaky');
    try {
      const { authorization_url } = await start(app);
      const landing = await signInAtIssuer(authorization_url, email);
      await flaky.close();
      const response = await callback(app, callbackBody(landing));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: GOOGLE_MESSAGES.unavailable, code: 'UNAVAILABLE' });
      const [row] = await app.db.select({ n: count() }).from(users).where(eq(users.email, email));
      expect(row?.n).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('an email that already has a password account', () => {
  it('links only after the password is proven, then signs in either way', async () => {
    const owner = await createTrainee(t.db, { name: 'Paula Password' });
    const first = await signInWithGoogle(owner.email);
    expect(first.statusCode).toBe(200);
    const { link_token, email, key } = first.json<Answer>();
    expect(key).toBeUndefined();
    expect(email).toBe(owner.email);
    expect(link_token).toMatch(/^[\w-]{20,}$/);
    // Nothing linked yet: the issuer's word alone takes over nothing.
    const [linked] = await t.db
      .select({ n: count() })
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, owner.id));
    expect(linked?.n).toBe(0);
    expect((await signInWithGoogle(owner.email)).json()).toMatchObject({ link_required: true });

    const link = (password: string) =>
      t.request({ method: 'POST', url: '/api/v1/google/link/', payload: { link_token, password } });
    const wrong = await link('not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      non_field_errors: ['Unable to log in with provided credentials.'],
    });
    expect(await eventKinds(owner.id)).toContain('login_failed');

    const right = await link(owner.password);
    expect(right.statusCode).toBe(200);
    const signedIn = await attach(right.json<{ key: string }>().key);
    expect(signedIn.json<{ user: { id: number } }>().user.id).toBe(owner.id);
    expect(await eventKinds(owner.id)).toEqual(
      expect.arrayContaining(['google_linked', 'google_login']),
    );
    // The link token works once.
    expect((await link(owner.password)).statusCode).toBe(400);

    // From now on Google signs straight in, and the password still works.
    const next = await signInWithGoogle(owner.email);
    expect(next.json()).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const byPassword = await logIn(t, { username: owner.email, password: owner.password });
    expect(byPassword.statusCode).toBe(200);
    expect(await usersWithEmail(owner.email)).toBe(1);
  });

  it('refuses another Google account asserting the email of a linked, passwordless account', async () => {
    const email = newEmail('only');
    expect((await signInWithGoogle(email)).statusCode).toBe(200);
    const other = await signInWithGoogle(`${email}#someone-else`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ non_field_errors: [GOOGLE_MESSAGES.otherWay] });
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('refuses a supervisor account linked from the trainee page after the password', async () => {
    const supervisor = await createSupervisor(t.db);
    const first = await signInWithGoogle(supervisor.email, false);
    const { link_token } = first.json<Answer>();
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/google/link/',
      payload: { link_token, password: supervisor.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ["Invalid student's credentials"] });
  });
});

describe('sign-in methods', () => {
  it('lets a Google-only user set a password, and unlink Google only once they have one', async () => {
    const email = newEmail('methods');
    const key = (await signInWithGoogle(email)).json<{ key: string }>().key;
    const { user } = (await attach(key)).json<{ user: { id: number } }>();
    const unlink = () =>
      t.request({ method: 'DELETE', url: '/api/v1/sign-in-methods/google/', token: key });

    const refused = await unlink();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: GOOGLE_MESSAGES.lastWay, code: 'CONFLICT' });

    const setPassword = (token: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/sign-in-methods/password/',
        token,
        payload: { new_password1: 'a-brand-new-pass-9', new_password2: 'a-brand-new-pass-9' },
      });
    const set = await setPassword(key);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: GOOGLE_MESSAGES.passwordSet });
    // Once set, it is changed with the current one, not set again.
    expect((await setPassword(key)).statusCode).toBe(409);
    expect((await logIn(t, { username: email, password: 'a-brand-new-pass-9' })).statusCode).toBe(
      200,
    );

    expect((await unlink()).statusCode).toBe(204);
    expect((await methodsOf(key)).json()).toEqual({
      password: true,
      google: null,
      google_available: true,
    });
    expect(await eventKinds(user.id)).toEqual(
      expect.arrayContaining(['password_set', 'google_unlinked']),
    );
    // Unlinked: the same Google account must prove the password again.
    expect((await signInWithGoogle(email)).json()).toMatchObject({ link_required: true });
  });

  it("acts on the caller's own account only (wrong user)", async () => {
    const googleUser = newEmail('victim');
    const victimKey = (await signInWithGoogle(googleUser)).json<{ key: string }>().key;
    const other = await createTrainee(t.db);
    // The other user has no Google link: unlinking finds nothing of theirs, and the victim's stays.
    const response = await t.request({
      method: 'DELETE',
      url: '/api/v1/sign-in-methods/google/',
      token: other.token,
    });
    expect(response.statusCode).toBe(404);
    expect((await methodsOf(victimKey)).json()).toMatchObject({ google: { email: googleUser } });
    expect((await methodsOf(other.token)).json()).toMatchObject({ password: true, google: null });
    // Setting a password acts on the caller, who has one already.
    const set = await t.request({
      method: 'POST',
      url: '/api/v1/sign-in-methods/password/',
      token: other.token,
      payload: { new_password1: 'a-brand-new-pass-9', new_password2: 'a-brand-new-pass-9' },
    });
    expect(set.statusCode).toBe(409);
    expect(
      (await logIn(t, { username: googleUser, password: 'a-brand-new-pass-9' })).statusCode,
    ).toBe(400);
  });

  it('answers attachuser with 401 for a key that is not a live session', async () => {
    const response = await attach('0'.repeat(64));
    expect(response.statusCode).toBe(401);
    const logoutKey = (await signInWithGoogle(newEmail('gone'))).json<{ key: string }>().key;
    await t.request({ method: 'POST', url: '/api/v1/logout/', token: logoutKey });
    expect((await attach(logoutKey)).statusCode).toBe(401);
  });
});

describe('the rate limit', () => {
  it('limits the callback per address like the login', async () => {
    const remoteAddress = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/rest-auth/google/',
        payload: { code: 'a-code', state: `state-${i}` },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
