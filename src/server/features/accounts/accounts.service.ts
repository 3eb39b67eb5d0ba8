import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordRequest,
  type LoginRequest,
  type SignupRequest,
  type User,
} from '../../../shared/accounts/account.schema';
import { AppError } from '../../../shared/errors';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { hashSecret, newToken, TOKEN_LIFETIME_MS, type Actor } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS, tooManyAttempts } from '../../plugins/rate-limit';
import { recordSecurityEvent, type ClientInfo } from './account-events';
import { askByEmail } from '../supervisors';
import { CODE_LIFETIME_MINUTES, resetMail, verificationMail } from './account-emails';
import * as repo from './accounts.repository';
import { assertUncommonPassword } from './common-passwords';
import {
  allKeys,
  keysClearedBySuccess,
  LOCKOUT_RULES,
  lockoutKeys,
  pairKeyPrefix,
  type LockoutKeys,
} from './login-lockout';
import * as lockout from './login-lockout.repository';
import { forgetActor } from '../../plugins/actor-cache';

export const MAX_CODE_ATTEMPTS = 5;

export type MailContext = { db: Db; mailer: Mailer; appUrl: string; now: Date };

/** argon2id with the library's defaults (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A hash to verify against when the email is unknown, so both answers take as long.
export const dummyHash = hashPassword('not-a-real-password-for-timing');

function codeHash(userId: number, purpose: repo.CodePurpose, code: string): string {
  return hashSecret(`${userId}:${purpose}:${code}`);
}

export async function issueCode(
  ctx: MailContext,
  user: repo.UserRow,
  purpose: repo.CodePurpose,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.replaceEmailCode(ctx.db, {
    userId: user.id,
    purpose,
    codeHash: codeHash(user.id, purpose, code),
    expiresAt: new Date(ctx.now.getTime() + CODE_LIFETIME_MINUTES * 60_000),
    now: ctx.now,
  });
  const mail = purpose === 'verify' ? verificationMail : resetMail;
  await ctx.mailer.send(ctx.db, mail(user.email, user.name, code, ctx.appUrl));
}

/** Per account, any address and route: the verify page and Google's share a count (issue 36). */
export function limitCodeChecks(
  db: Db,
  purpose: repo.CodePurpose,
  email: string,
  now: Date,
): Promise<void> {
  return consumeRateLimit(db, `${purpose}:email:${email}`, RATE_LIMITS.codeChecksPerAccount, now);
}

/** One count per address, whichever route mails the code. */
export function limitCodeMails(db: Db, email: string, now: Date): Promise<void> {
  return consumeRateLimit(db, `send-code:email:${email}`, RATE_LIMITS.sendCode, now);
}

export async function useCode(
  db: Db,
  user: repo.UserRow,
  purpose: repo.CodePurpose,
  code: string,
  now: Date,
): Promise<void> {
  const live = await repo.findLiveCode(db, user.id, purpose);
  if (!live || live.expiresAt.getTime() <= now.getTime()) {
    throw AppError.field('token', `${ACCOUNT_MESSAGES.badCode}. Request a new code.`);
  }
  if (live.codeHash !== codeHash(user.id, purpose, code)) {
    const left =
      MAX_CODE_ATTEMPTS - (await repo.recordWrongCode(db, live.id, MAX_CODE_ATTEMPTS, now));
    throw AppError.field(
      'token',
      left > 0
        ? `${ACCOUNT_MESSAGES.badCode}. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'Too many wrong codes: this code no longer works. Request a new code.',
    );
  }
  if (!(await repo.consumeCode(db, live.id, now))) {
    throw AppError.field('token', `${ACCOUNT_MESSAGES.badCode}. Request a new code.`);
  }
}

export async function issueSession(
  db: Db,
  userId: number,
  now: Date,
  client: ClientInfo,
): Promise<string> {
  const { token, hash: tokenHash } = newToken();
  await repo.insertToken(db, {
    userId,
    tokenHash,
    createdAt: now,
    lastUsedAt: now,
    userAgent: client.userAgent,
    ipAddress: client.ip,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  return token;
}

export async function userView(db: Db, userId: number): Promise<User> {
  const user = await repo.loadUserView(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

export async function signUp(
  ctx: MailContext & { input: SignupRequest; client: ClientInfo },
): Promise<User> {
  const created = await insertAccount(ctx);
  await issueCode(ctx, created, 'verify');
  return userView(ctx.db, created.id);
}

/** Also used by the e2e fixture accounts (TEST_HOOKS), which mark the mailbox proven instead. */
export async function insertAccount(ctx: {
  db: Db;
  input: SignupRequest;
  now: Date;
  client: ClientInfo;
}): Promise<repo.UserRow> {
  const { db, input, now, client } = ctx;
  assertUncommonPassword('password', input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: input.email,
      name: input.name,
      passwordHash,
      isSupervisor: input.is_supervisor,
      dateJoined: now,
      timeZone: input.time_zone ?? null,
    });
    if (!user) throw AppError.field('email', 'A user with that email already exists.');
    if (input.is_supervisor) {
      await repo.upsertSupervisorProfile(tx, user.id, {
        bacbAccountNumber: input.bacb_account_number,
        bacbCertificationNumber: input.bacb_certification_number,
        supervisorQualification: input.supervisor_qualification,
        dateQualified: input.date_qualified,
        dateContract: input.date_contract,
      });
    }
    await recordSecurityEvent(tx, {
      userId: user.id,
      kind: 'signup',
      client,
      details: { role: input.is_supervisor ? 'supervisor' : 'trainee' },
    });
    return user;
  });
}

export type LoginResult = { token: string; user: User } | { unverifiedUser: true; user: User };

/**
 * Decision 018. An unknown email costs the same work as a wrong password, down to the argon2id
 * hash and the writes, and gets the same answer. A role the login page names must match (SPEC §6).
 */
export async function logIn(
  ctx: MailContext & { input: LoginRequest; client: ClientInfo },
): Promise<LoginResult> {
  const { db, input, now, client } = ctx;
  const keys = lockoutKeys(input.username, client.ip);
  const lockedUntil = await lockout.lockedUntil(db, allKeys(keys), now);
  if (lockedUntil) throw tooManyAttempts(lockedUntil, now);
  const user = await repo.findUserByEmail(db, input.username);
  const isValid = await verify(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !isValid) {
    await recordLoginFailure(db, user?.id ?? null, keys, client, now);
    throw new AppError('INVALID', ACCOUNT_MESSAGES.badCredentials);
  }
  await lockout.clearKeys(db, keysClearedBySuccess(keys));
  if (input.is_supervisor !== undefined && input.is_supervisor !== user.isSupervisor) {
    throw new AppError(
      'INVALID',
      input.is_supervisor
        ? ACCOUNT_MESSAGES.wrongRoleSupervisor
        : ACCOUNT_MESSAGES.wrongRoleStudent,
    );
  }
  if (!user.isVerified) {
    await issueCode(ctx, user, 'verify');
    return { unverifiedUser: true, user: await userView(db, user.id) };
  }
  const token = await issueSession(db, user.id, now, client);
  await recordSecurityEvent(db, { userId: user.id, kind: 'login', client });
  return { token, user: await userView(db, user.id) };
}

export async function recordLoginFailure(
  db: Db,
  userId: number | null,
  keys: LockoutKeys,
  client: ClientInfo,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const pairLocked = await lockout.recordFailure(tx, keys.pair, LOCKOUT_RULES.pair, now);
    const addressLocked = await lockout.recordFailure(tx, keys.address, LOCKOUT_RULES.address, now);
    const sessionLocked =
      keys.session !== undefined &&
      (await lockout.recordFailure(tx, keys.session, LOCKOUT_RULES.session, now));
    await recordSecurityEvent(tx, { userId, kind: 'login_failed', client });
    if (pairLocked || addressLocked || sessionLocked) {
      await recordSecurityEvent(tx, { userId, kind: 'login_locked', client });
    }
  });
}

/**
 * A re-proof (password change, Google link) costs what a login guess costs (decision 018); with
 * `sessionId` it also counts against the session, so a stolen one cannot guess on from elsewhere.
 */
export async function checkPasswordCounted(ctx: {
  db: Db;
  user: repo.UserRow;
  password: string;
  client: ClientInfo;
  now: Date;
  sessionId?: number;
  refusal?: string;
}): Promise<boolean> {
  const { db, user, client, now } = ctx;
  const keys = lockoutKeys(user.email, client.ip, ctx.sessionId);
  const lockedUntil = await lockout.lockedUntil(db, allKeys(keys), now);
  if (lockedUntil) throw tooManyAttempts(lockedUntil, now, ctx.refusal);
  if (!(await verify(user.passwordHash ?? (await dummyHash), ctx.password))) {
    await recordLoginFailure(db, user.id, keys, client, now);
    return false;
  }
  await lockout.clearKeys(db, keysClearedBySuccess(keys));
  return true;
}

export async function verifyEmail(ctx: {
  db: Db;
  email: string;
  code: string;
  now: Date;
  client: ClientInfo;
}): Promise<{ message: string; token: string; user: User }> {
  const { db, email, code, now, client } = ctx;
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw AppError.field('token', `${ACCOUNT_MESSAGES.badCode}. Request a new code.`);
  if (user.isVerified)
    throw AppError.field('email', 'This email is already verified. Please sign in.');
  await useCode(db, user, 'verify', code, now);
  await db.transaction(async (tx) => {
    await markMailboxProven(tx, user, now);
    // Whoever linked an issuer account before the mailbox was proven proved nothing (issue 27).
    await endIdentityLinks(tx, user.id, client);
    await recordSecurityEvent(tx, { userId: user.id, kind: 'email_verified', client });
  });
  const token = await issueSession(db, user.id, now, client);
  return { message: ACCOUNT_MESSAGES.activated, token, user: await userView(db, user.id) };
}

/** Links made before the mailbox was proven proved nothing (issue 27 item 5). */
async function endIdentityLinks(db: Db, userId: number, client: ClientInfo): Promise<void> {
  if ((await repo.deleteIdentityLinks(db, userId)) > 0) {
    await recordSecurityEvent(db, { userId, kind: 'google_unlinked', client });
  }
}

/** Issue 36: trainees who listed this email ask to be seen; the account sees them on accepting. */
export async function markMailboxProven(db: Db, user: repo.UserRow, now: Date): Promise<void> {
  await repo.markVerified(db, user.id);
  if (user.isSupervisor) await askByEmail(db, user, now);
}

/** Answers the same whether or not the address is known. */
export async function resendVerification(ctx: MailContext & { email: string }): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, ctx.email);
  if (user && !user.isVerified) await issueCode(ctx, user, 'verify');
}

/** Answers the same whether or not the address is known. */
export async function sendResetCode(ctx: MailContext & { email: string }): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, ctx.email);
  if (user) await issueCode(ctx, user, 'reset');
}

/** Lifts sign-in locks: a lock never outlives the owner proving their mailbox (decision 018). */
export async function resetPassword(ctx: {
  db: Db;
  email: string;
  code: string;
  password: string;
  now: Date;
  client: ClientInfo;
}): Promise<void> {
  const { db, now, client } = ctx;
  // Before the code is used, so that a refused password does not cost the code.
  assertUncommonPassword('password', ctx.password);
  const user = await repo.findUserByEmail(db, ctx.email);
  if (!user) throw AppError.field('token', `${ACCOUNT_MESSAGES.badCode}. Request a new code.`);
  await useCode(db, user, 'reset', ctx.code, now);
  const passwordHash = await hashPassword(ctx.password);
  await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    // Receiving the code proves the mailbox: the account counts as verified from here on.
    await markMailboxProven(tx, user, now);
    await endOtherAccess(tx, user.id, now);
    // The owner took the account back: an issuer account someone linked before signs in no more.
    await endIdentityLinks(tx, user.id, client);
    await lockout.clearKeysStartingWith(tx, pairKeyPrefix(user.email));
    await recordSecurityEvent(tx, { userId: user.id, kind: 'password_reset', client });
  });
  forgetActor(db, user.id);
}

/** Counted before any hash is made; a change and a first password share one count. */
export function limitSessionPasswords(db: Db, actor: Actor, now: Date): Promise<void> {
  return consumeRateLimit(
    db,
    `passwords:session:${actor.tokenId}`,
    RATE_LIMITS.sessionPasswords,
    now,
  );
}

export async function changePassword(ctx: {
  db: Db;
  actor: Actor;
  input: ChangePasswordRequest;
  now: Date;
  client: ClientInfo;
}): Promise<void> {
  const { db, actor, input, now, client } = ctx;
  const user = await repo.findUserById(db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  // An account made by a Google sign-in has no password to change yet (it sets one instead).
  const isRight =
    user.passwordHash !== null &&
    (await checkPasswordCounted({
      db,
      user,
      password: input.old_password,
      client,
      now,
      sessionId: actor.tokenId,
      refusal: 'Too many wrong passwords.',
    }));
  if (!isRight) throw AppError.field('old_password', 'Current password is incorrect');
  assertUncommonPassword('new_password1', input.new_password1);
  const passwordHash = await hashPassword(input.new_password1);
  await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await endOtherAccess(tx, user.id, now, actor.tokenId);
    await recordSecurityEvent(tx, { userId: user.id, kind: 'password_changed', client });
  });
}

/**
 * Also ends the calendar feed: its URL is a credential whoever held a session may have kept
 * (issue 27, issue 36). Returns how many sessions ended.
 */
export async function endOtherAccess(
  db: Db,
  userId: number,
  now: Date,
  exceptTokenId?: number,
): Promise<number> {
  const revoked = await repo.revokeAllTokens(db, userId, now, exceptTokenId);
  await repo.revokeCalendarFeed(db, userId);
  return revoked;
}

export async function logOut(ctx: {
  db: Db;
  actor: Actor;
  now: Date;
  client: ClientInfo;
}): Promise<void> {
  const { db, actor, now, client } = ctx;
  await db.transaction(async (tx) => {
    await repo.revokeToken(tx, actor.id, actor.tokenId, now);
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'logout', client });
  });
}
