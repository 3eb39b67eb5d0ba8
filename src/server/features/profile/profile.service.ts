import type {
  ProfileUpdateRequest,
  SupervisorCredentials,
  User,
} from '../../../shared/accounts/account.schema';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { loadUserView, upsertSupervisorProfile } from '../accounts';
import * as repo from './profile.repository';

export async function getProfile({ db, actor }: { db: Db; actor: Actor }): Promise<User> {
  const user = await loadUserView(db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  return user;
}

/** Only one's own profile can be changed; any other id is "not found". */
function assertOwnProfile(actor: Actor, userId: number): void {
  if (actor.id !== userId) throw new AppError('NOT_FOUND', 'Profile not found');
}

const TRAINEE_ONLY =
  'Only a trainee has this field; a supervisor keeps BACB numbers in the supervisor profile.';

/**
 * Changes the name and, for a trainee, the fields the official forms need (BACB ID, fieldwork
 * state and country; each only when sent). The email is read-only (SPEC §2): a different email
 * is refused.
 */
export async function updateProfile(ctx: {
  db: Db;
  actor: Actor;
  userId: number;
  input: ProfileUpdateRequest;
}): Promise<User> {
  const { db, actor, userId, input } = ctx;
  assertOwnProfile(actor, userId);
  if (input.email !== undefined && input.email !== actor.email) {
    throw AppError.field('email', 'Email cannot be changed');
  }
  const formFields = {
    ...(input.bacb_id !== undefined ? { bacbId: input.bacb_id } : {}),
    ...(input.fieldwork_state !== undefined ? { fieldworkState: input.fieldwork_state } : {}),
    ...(input.fieldwork_country !== undefined ? { fieldworkCountry: input.fieldwork_country } : {}),
  };
  if (actor.isSupervisor) {
    const sent = (['bacb_id', 'fieldwork_state', 'fieldwork_country'] as const).filter(
      (key) => input[key] !== undefined,
    );
    if (sent.length > 0) {
      throw new AppError(
        'VALIDATION',
        TRAINEE_ONLY,
        Object.fromEntries(sent.map((key) => [key, [TRAINEE_ONLY]])),
      );
    }
  }
  await db.transaction(async (tx) => {
    await repo.updateName(tx, actor.id, input.name);
    await repo.updateTraineeFields(tx, actor.id, formFields);
  });
  return getProfile({ db, actor });
}

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

/**
 * Sets the signed-in person's time zone (already parsed: a zone this runtime knows). Their
 * today, deadlines and days left are counted in it from the next request on.
 */
export async function setTimeZone(ctx: { db: Db; actor: Actor; timeZone: string }): Promise<User> {
  await repo.updateTimeZone(ctx.db, ctx.actor.id, ctx.timeZone);
  return getProfile(ctx);
}
