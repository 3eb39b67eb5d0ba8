import * as oidc from 'openid-client';
import { ACCOUNT_MESSAGES, type User } from '../../../shared/accounts/account.schema';
import {
  GOOGLE_MESSAGES,
  type GoogleSignInResponse,
} from '../../../shared/google-sign-in/google.schema';
import { AppError } from '../../../shared/errors';
import { NAME_MAX_LENGTH, toNameText } from '../../../shared/wire/primitives';
import type { Db } from '../../db/client';
import { hashSecret } from '../../plugins/auth';
import * as accounts from '../accounts';
import {
  checkPasswordCounted,
  issueCode,
  issueSession,
  limitCodeChecks,
  limitCodeMails,
  markMailboxProven,
  useCode,
  userView,
  type MailContext,
  recordSecurityEvent,
  type ClientInfo,
} from '../accounts';
import * as repo from './google-sign-in.repository';
import type { AuthorizationResponse, OidcIssuer } from './oidc-issuer';

/** How long the person has to finish at the issuer, and to give their password to link. */
const PENDING_LIFETIME_MS = 10 * 60_000;

type SignInContext = MailContext & { client: ClientInfo };

/** Made one line as every name field requires (issue 36: it goes into mails). */
function accountName(issuerName: string, email: string): string {
  return toNameText(issuerName, NAME_MAX_LENGTH) || email.split('@')[0] || email;
}

/** Kept in the database so that whichever instance the browser comes back to can finish it. */
export async function startSignIn(
  ctx: { db: Db; now: Date; issuer: OidcIssuer },
  isSupervisor: boolean,
): Promise<{ authorization_url: string; state: string }> {
  const { db, now, issuer } = ctx;
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  // Asked first: an issuer that is down leaves nothing behind.
  const url = await issuer.authorizationUrl({ state, nonce, codeVerifier });
  await repo.deleteExpiredPending(db, now);
  await repo.insertPending(db, {
    kind: 'flow',
    secretHash: hashSecret(state),
    isSupervisor,
    codeVerifier,
    nonce,
    expiresAt: new Date(now.getTime() + PENDING_LIFETIME_MS),
  });
  return { authorization_url: url.href, state };
}

/**
 * SPEC §4 "Google sign-in". The issuer's account is found by its subject, never by its email. An
 * unverified email is proven by its code first (startEmailProof); an existing account's password
 * is proven once (`link_required`), so an issuer asserting someone else's email takes over nothing.
 */
export async function finishSignIn(
  ctx: SignInContext & { issuer: OidcIssuer },
  response: AuthorizationResponse & { isSupervisor: boolean | undefined },
): Promise<GoogleSignInResponse> {
  const { db, now, issuer, client } = ctx;
  const flow = await repo.consumePending(db, 'flow', hashSecret(response.state), now);
  if (!flow) throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
  if (response.isSupervisor !== undefined && response.isSupervisor !== flow.isSupervisor) {
    throw new AppError('INVALID', GOOGLE_MESSAGES.refused);
  }
  const claims = await issuer.exchange(response, {
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
  });

  const identity = await repo.findIdentity(db, issuer.issuer, claims.subject);
  if (identity) {
    const user = await accounts.findUserById(db, identity.userId);
    if (!user) throw new AppError('INVALID', GOOGLE_MESSAGES.refused);
    return signInAs(ctx, user, flow.isSupervisor);
  }
  if (!claims.email) throw new AppError('INVALID', GOOGLE_MESSAGES.noEmail);

  const existing = await accounts.findUserByEmail(db, claims.email);
  if (existing && (await isAwaitingEmailProof(db, existing))) {
    return resumeEmailProof(ctx, existing, flow.isSupervisor, { ...claims, email: claims.email });
  }
  if (existing) {
    // No password to prove (an account another issuer account made): nothing to link with.
    if (existing.passwordHash === null || (await repo.identityOfUser(db, existing.id))) {
      throw new AppError('INVALID', GOOGLE_MESSAGES.otherWay);
    }
    const linkToken = oidc.randomState();
    await repo.insertPending(db, {
      kind: 'link',
      secretHash: hashSecret(linkToken),
      isSupervisor: flow.isSupervisor,
      userId: existing.id,
      issuer: issuer.issuer,
      subject: claims.subject,
      email: claims.email,
      expiresAt: new Date(now.getTime() + PENDING_LIFETIME_MS),
    });
    return { link_required: true, email: existing.email, link_token: linkToken };
  }

  const email = claims.email;
  if (!claims.emailVerified) return startEmailProof(ctx, flow.isSupervisor, { ...claims, email });
  const created = await db.transaction(async (tx) => {
    const user = await accounts.insertUser(tx, {
      email,
      name: accountName(claims.name, email),
      passwordHash: null,
      isSupervisor: flow.isSupervisor,
      dateJoined: now,
    });
    // Someone signed up with this email a moment ago: start again to link.
    if (!user) throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
    await repo.insertIdentity(tx, {
      userId: user.id,
      issuer: issuer.issuer,
      subject: claims.subject,
      email,
      createdAt: now,
    });
    await markMailboxProven(tx, user, now);
    await recordSecurityEvent(tx, {
      userId: user.id,
      kind: 'signup',
      client,
      details: { role: flow.isSupervisor ? 'supervisor' : 'trainee', method: 'google' },
    });
    await recordSecurityEvent(tx, { userId: user.id, kind: 'google_linked', client });
    return { ...user, isVerified: true };
  });
  return signInAs(ctx, created, flow.isSupervisor);
}

/**
 * An email the issuer did not verify proves nothing (issue 27 item 5): the issuer account is
 * linked only when this flow's browser gives the mailed code. Whoever reads the mailbox without
 * the token only verifies the account; whoever holds the token without the mailbox gets nothing.
 */
async function startEmailProof(
  ctx: SignInContext & { issuer: OidcIssuer },
  isSupervisor: boolean,
  claims: EmailClaims,
): Promise<GoogleSignInResponse> {
  const { db, now, client } = ctx;
  const user = await db.transaction(async (tx) => {
    const inserted = await accounts.insertUser(tx, {
      email: claims.email,
      name: accountName(claims.name, claims.email),
      passwordHash: null,
      isSupervisor,
      dateJoined: now,
    });
    if (!inserted) throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
    await recordSecurityEvent(tx, {
      userId: inserted.id,
      kind: 'signup',
      client,
      details: { role: isSupervisor ? 'supervisor' : 'trainee', method: 'google' },
    });
    return inserted;
  });
  return sendEmailProof(ctx, user, isSupervisor, claims);
}

type EmailClaims = { subject: string; email: string; name: string };

async function isAwaitingEmailProof(db: Db, user: accounts.UserRow): Promise<boolean> {
  return (
    !user.isVerified && user.passwordHash === null && !(await repo.identityOfUser(db, user.id))
  );
}

/**
 * Issue 36 (it answered "already exists"). The code still goes only to the mailbox, so this
 * proves no more than the first; its mails count as a resend's.
 */
async function resumeEmailProof(
  ctx: SignInContext & { issuer: OidcIssuer },
  user: accounts.UserRow,
  isSupervisor: boolean,
  claims: EmailClaims,
): Promise<GoogleSignInResponse> {
  if (user.isSupervisor !== isSupervisor) {
    throw new AppError(
      'INVALID',
      isSupervisor ? ACCOUNT_MESSAGES.wrongRoleSupervisor : ACCOUNT_MESSAGES.wrongRoleStudent,
    );
  }
  await limitCodeMails(ctx.db, user.email, ctx.now);
  return sendEmailProof(ctx, user, isSupervisor, claims);
}

async function sendEmailProof(
  ctx: SignInContext & { issuer: OidcIssuer },
  user: accounts.UserRow,
  isSupervisor: boolean,
  claims: EmailClaims,
): Promise<GoogleSignInResponse> {
  const { db, now, issuer } = ctx;
  const verifyToken = oidc.randomState();
  await repo.insertPending(db, {
    kind: 'verify',
    secretHash: hashSecret(verifyToken),
    isSupervisor,
    userId: user.id,
    issuer: issuer.issuer,
    subject: claims.subject,
    email: claims.email,
    expiresAt: new Date(now.getTime() + PENDING_LIFETIME_MS),
  });
  await issueCode(ctx, user, 'verify');
  return { unverifiedUser: true, user: await userView(db, user.id), verify_token: verifyToken };
}

/** An account verified meanwhile (by its mailbox's owner) is not linked. */
export async function verifyAndLink(
  ctx: SignInContext,
  input: { verifyToken: string; code: string },
): Promise<GoogleSignInResponse> {
  const { db, now, client } = ctx;
  const secretHash = hashSecret(input.verifyToken);
  const pending = await repo.findLivePending(db, 'verify', secretHash, now);
  const user = pending?.userId ? await accounts.findUserById(db, pending.userId) : undefined;
  if (!pending || !user || user.isVerified) throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
  // The account's code checks are counted here as on the verification page (issue 36).
  await limitCodeChecks(db, 'verify', user.email, now);
  await useCode(db, user, 'verify', input.code, now);
  await db.transaction(async (tx) => {
    if (!(await repo.consumePending(tx, 'verify', secretHash, now))) {
      throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
    }
    await markMailboxProven(tx, user, now);
    await recordSecurityEvent(tx, { userId: user.id, kind: 'email_verified', client });
    await linkIdentity(tx, user.id, pending, client, now);
  });
  return signInAs(ctx, { ...user, isVerified: true }, pending.isSupervisor);
}

async function linkIdentity(
  tx: Db,
  userId: number,
  pending: { issuer: string; subject: string; email: string },
  client: ClientInfo,
  now: Date,
): Promise<void> {
  const linked = await repo.insertIdentity(tx, {
    userId,
    issuer: pending.issuer,
    subject: pending.subject,
    email: pending.email,
    createdAt: now,
  });
  if (!linked) throw new AppError('INVALID', GOOGLE_MESSAGES.linkedElsewhere);
  await recordSecurityEvent(tx, { userId, kind: 'google_linked', client });
}

/** Wrong passwords count toward the sign-in lockout (decision 018) as on the login page. */
export async function linkWithPassword(
  ctx: SignInContext,
  input: { linkToken: string; password: string },
): Promise<GoogleSignInResponse> {
  const { db, now, client } = ctx;
  const secretHash = hashSecret(input.linkToken);
  const pending = await repo.findLivePending(db, 'link', secretHash, now);
  const user = pending?.userId ? await accounts.findUserById(db, pending.userId) : undefined;
  if (!pending || !user) throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
  if (!(await checkPasswordCounted({ db, user, password: input.password, client, now }))) {
    throw new AppError('INVALID', ACCOUNT_MESSAGES.badCredentials);
  }
  await db.transaction(async (tx) => {
    if (!(await repo.consumePending(tx, 'link', secretHash, now))) {
      throw new AppError('INVALID', GOOGLE_MESSAGES.expired);
    }
    await linkIdentity(tx, user.id, pending, client, now);
  });
  return signInAs(ctx, user, pending.isSupervisor);
}

/** The role must match, as on the login page (SPEC §6). */
async function signInAs(
  ctx: SignInContext,
  user: accounts.UserRow,
  isSupervisor: boolean,
): Promise<GoogleSignInResponse> {
  const { db, now, client } = ctx;
  if (user.isSupervisor !== isSupervisor) {
    throw new AppError(
      'INVALID',
      isSupervisor ? ACCOUNT_MESSAGES.wrongRoleSupervisor : ACCOUNT_MESSAGES.wrongRoleStudent,
    );
  }
  if (!user.isVerified) {
    await issueCode(ctx, user, 'verify');
    return { unverifiedUser: true, user: await userView(db, user.id) };
  }
  const key = await issueSession(db, user.id, now, client);
  await recordSecurityEvent(db, { userId: user.id, kind: 'google_login', client });
  return { key };
}

export async function attachUser(
  ctx: { db: Db; now: Date },
  token: string,
): Promise<{ token: string; user: User }> {
  const userId = await repo.userOfLiveToken(ctx.db, hashSecret(token), ctx.now);
  if (userId === undefined) throw new AppError('UNAUTHENTICATED', 'Invalid token.');
  return { token, user: await userView(ctx.db, userId) };
}
