import type {
  SetPasswordRequest,
  SignInMethods,
} from '../../../shared/google-sign-in/google.schema';
import { GOOGLE_MESSAGES } from '../../../shared/google-sign-in/google.schema';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import * as accounts from '../accounts';
import {
  assertUncommonPassword,
  hashPassword,
  recordSecurityEvent,
  type ClientInfo,
} from '../accounts';
import * as repo from './google-sign-in.repository';

/* The sign-in methods of one's own account (decision 022). */

type ActorContext = { db: Db; actor: Actor; now: Date };

export async function signInMethods(
  ctx: ActorContext & { googleAvailable: boolean },
): Promise<SignInMethods> {
  const user = await accounts.findUserById(ctx.db, ctx.actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  const identity = await repo.identityOfUser(ctx.db, user.id);
  return {
    password: user.passwordHash !== null,
    google: identity
      ? { email: identity.email, linked_at: identity.createdAt.toISOString() }
      : null,
    google_available: ctx.googleAvailable,
  };
}

/** Unless it is their only way to sign in. */
export async function unlinkGoogle(ctx: ActorContext & { client: ClientInfo }): Promise<void> {
  const { db, actor, client } = ctx;
  await db.transaction(async (tx) => {
    const user = await accounts.findUserById(tx, actor.id);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
    if (user.passwordHash === null) throw new AppError('CONFLICT', GOOGLE_MESSAGES.lastWay);
    if ((await repo.deleteIdentitiesOf(tx, user.id)) === 0) {
      throw new AppError('NOT_FOUND', 'No Google account is linked.');
    }
    await recordSecurityEvent(tx, { userId: user.id, kind: 'google_unlinked', client });
  });
}

/** Whether it has one is read before the hash: a refusal costs no argon2id (issue 36). */
export async function setPassword(
  ctx: ActorContext & { client: ClientInfo; input: SetPasswordRequest },
): Promise<void> {
  const { db, actor, client, input } = ctx;
  const user = await accounts.findUserById(db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  if (user.passwordHash !== null) throw new AppError('CONFLICT', GOOGLE_MESSAGES.hasPassword);
  assertUncommonPassword('new_password1', input.new_password1);
  const passwordHash = await hashPassword(input.new_password1);
  await db.transaction(async (tx) => {
    if (!(await accounts.setPasswordIfNone(tx, actor.id, passwordHash))) {
      throw new AppError('CONFLICT', GOOGLE_MESSAGES.hasPassword);
    }
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'password_set', client });
  });
}
