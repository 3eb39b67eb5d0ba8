import type { User } from '../../../shared/accounts/account.schema';
import type {
  ProfileUpdateBody,
  SupervisorProfileUpdateBody,
} from '../../../shared/accounts/profile-update.schema';
import { needsFirstClass } from '../../../shared/contracts/start-of-fieldwork';
import { startFieldsProblem } from '../../../shared/accounts/pathway';
import { QUALIFICATION_PROFILE_MESSAGES } from '../../../shared/accounts/profile-update.schema';
import { AppError } from '../../../shared/errors';
import { todayOf } from '../../clock';
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
  input: ProfileUpdateBody;
  now: Date;
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
    const sent = (
      ['bacb_id', 'fieldwork_state', 'fieldwork_country', 'pathway', 'first_class_on'] as const
    ).filter((key) => input[key] !== undefined);
    if (sent.length > 0) {
      throw new AppError(
        'VALIDATION',
        TRAINEE_ONLY,
        Object.fromEntries(sent.map((key) => [key, [TRAINEE_ONLY]])),
      );
    }
  }
  const startFields = await startFieldsOf(db, actor, input, ctx.now);
  await db.transaction(async (tx) => {
    await repo.updateName(tx, actor.id, input.name);
    await repo.updateTraineeFields(tx, actor.id, formFields);
    await repo.updateStartFields(tx, actor.id, startFields);
  });
  return getProfile({ db, actor });
}

/**
 * The pathway and first class to store, completed from what is stored when only one is sent
 * (BCBA Handbook, "Starting Fieldwork"): the date is kept only under pathways 1 and 2.
 */
async function startFieldsOf(
  db: Db,
  actor: Actor,
  input: ProfileUpdateBody,
  now: Date,
): Promise<{ pathway?: number | null; firstClassOn?: string | null }> {
  if (input.pathway === undefined && input.first_class_on === undefined) return {};
  const stored = await repo.findStartFields(db, actor.id);
  const pathway = input.pathway !== undefined ? input.pathway : (stored?.pathway ?? null);
  const sentDate =
    input.first_class_on !== undefined ? input.first_class_on : (stored?.firstClassOn ?? null);
  const firstClassOn = needsFirstClass(pathway) ? sentDate : null;
  const problem = startFieldsProblem({ pathway, firstClassOn }, todayOf(actor, now));
  if (problem) throw AppError.field(problem.field, problem.message);
  return { pathway, firstClassOn };
}

/**
 * The SPEC's five fields, and (each when sent) what "Supervisor Qualifications" asks: the
 * certification and training dates (not after the supervisor's today), the consulting supervisor.
 */
export async function updateSupervisorProfile(ctx: {
  db: Db;
  actor: Actor;
  userId: number;
  input: SupervisorProfileUpdateBody;
  now: Date;
}): Promise<User> {
  const { db, actor, userId, input } = ctx;
  assertOwnProfile(actor, userId);
  const today = todayOf(actor, ctx.now);
  const errors: Record<string, string[]> = {};
  if (input.certified_on && input.certified_on > today)
    errors.certified_on = [QUALIFICATION_PROFILE_MESSAGES.certifiedFuture];
  if (input.training_completed_on && input.training_completed_on > today)
    errors.training_completed_on = [QUALIFICATION_PROFILE_MESSAGES.trainingFuture];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', 'Invalid profile', errors);
  await db.transaction(async (tx) => {
    await upsertSupervisorProfile(tx, actor.id, {
      bacbAccountNumber: input.bacb_account_number,
      bacbCertificationNumber: input.bacb_certification_number,
      supervisorQualification: input.supervisor_qualification,
      dateQualified: input.date_qualified,
      dateContract: input.date_contract,
    });
    await repo.updateQualificationFields(tx, actor.id, {
      ...(input.certified_on !== undefined ? { certifiedOn: input.certified_on } : {}),
      ...(input.training_completed_on !== undefined
        ? { trainingCompletedOn: input.training_completed_on }
        : {}),
      ...(input.consulting_supervisor_name !== undefined
        ? { consultingSupervisorName: input.consulting_supervisor_name }
        : {}),
      ...(input.consulting_supervisor_bacb_id !== undefined
        ? { consultingSupervisorBacbId: input.consulting_supervisor_bacb_id }
        : {}),
    });
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
