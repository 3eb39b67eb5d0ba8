import type { SupervisorCredentials, User } from '../../../shared/accounts/account.schema';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { loadUserView, upsertSupervisorProfile } from '../accounts/accounts.repository';
import * as repo from './profile.repository';

/** The signed-in person's own profile. */
export async function getProfile({ db, actor }: { db: Db; actor: Actor }): Promise<User> {
  const user = await loadUserView(db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  return user;
}

/** Only one's own profile can be changed; any other id is "not found". */
function assertOwnProfile(actor: Actor, userId: number): void {
  if (actor.id !== userId) throw new AppError('NOT_FOUND', 'Profile not found');
}

/** Changes the name. The email is read-only (SPEC §2): a different email is refused. */
export async function updateProfile(ctx: {
  db: Db;
  actor: Actor;
  userId: number;
  input: { name: string; email?: string | undefined };
}): Promise<User> {
  const { db, actor, userId, input } = ctx;
  assertOwnProfile(actor, userId);
  if (input.email !== undefined && input.email !== actor.email) {
    throw AppError.field('email', 'Email cannot be changed');
  }
  await repo.updateName(db, actor.id, input.name);
  return getProfile({ db, actor });
}

/** Replaces the supervisor's BACB credentials. */
export async function updateSupervisorProfile(ctx: {
  db: Db;
  actor: Actor;
  userId: number;
  input: SupervisorCredentials;
}): Promise<User> {
  const { db, actor, userId, input } = ctx;
  assertOwnProfile(actor, userId);
  await upsertSupervisorProfile(db, actor.id, {
    bacbAccountNumber: input.bacb_account_number,
    bacbCertificationNumber: input.bacb_certification_number,
    supervisorQualification: input.supervisor_qualification,
    dateQualified: input.date_qualified,
    dateContract: input.date_contract,
  });
  return getProfile({ db, actor });
}
