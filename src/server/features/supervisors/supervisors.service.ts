import type {
  TraineeSupervisor,
  TraineeSupervisorInput,
} from '../../../shared/supervisors/trainee-supervisor.schema';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import * as repo from './supervisors.repository';

const DUPLICATE = 'You already listed a supervisor with this email.';

export function toTraineeSupervisor(row: repo.TraineeSupervisorRow): TraineeSupervisor {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    organization: row.organization,
    supervisor: row.supervisorUserId === null ? null : true,
    invited_at: row.invitedAt ? row.invitedAt.toISOString() : null,
    access_ended_at: row.accessEndedAt ? row.accessEndedAt.toISOString() : null,
  };
}

/** The trainee's supervisors. */
export async function listTraineeSupervisors({ db, actor }: { db: Db; actor: Actor }) {
  return (await repo.listForTrainee(db, actor.id)).map(toTraineeSupervisor);
}

/**
 * The verified supervisor account with this email, if any, for a trainee who names it: each
 * answer tells whether an email is a tracker account's, so each counts against the trainee's
 * daily limit (issue 36: unlimited, they listed every supervisor's account).
 */
export async function lookUpSupervisorAccount(
  db: Db,
  traineeId: number,
  email: string,
  now: Date,
): Promise<number | null> {
  await consumeRateLimit(db, `supervisor-emails:${traineeId}`, RATE_LIMITS.supervisorEmails, now);
  return repo.findSupervisorAccountId(db, email);
}

/** Adds a supervisor to the trainee's list, linked at once when they already have an account. */
export async function addTraineeSupervisor(ctx: {
  db: Db;
  actor: Actor;
  input: TraineeSupervisorInput;
  now: Date;
}): Promise<TraineeSupervisor> {
  const { db, actor, input } = ctx;
  if (input.email === actor.email)
    throw AppError.field('email', 'You cannot list yourself as your supervisor.');
  // A duplicate is refused before the lookup: it tells nothing, so it costs no attempt.
  if ((await repo.listForTrainee(db, actor.id)).some((row) => row.email === input.email))
    throw AppError.field('email', DUPLICATE);
  const row = await repo.insert(db, {
    traineeId: actor.id,
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    organization: input.organization,
    supervisorUserId: await lookUpSupervisorAccount(db, actor.id, input.email, ctx.now),
  });
  if (!row) throw AppError.field('email', DUPLICATE);
  return toTraineeSupervisor(row);
}

/** Changes a record. Its email is fixed once it is linked to an account (SPEC §5). */
export async function updateTraineeSupervisor(ctx: {
  db: Db;
  actor: Actor;
  id: number;
  input: Partial<TraineeSupervisorInput>;
  now: Date;
}): Promise<TraineeSupervisor> {
  const { db, actor, id, input } = ctx;
  const current = await repo.findForTrainee(db, actor.id, id);
  if (!current) throw new AppError('NOT_FOUND', 'Supervisor not found');
  const isEmailChange = input.email !== undefined && input.email !== current.email;
  if (isEmailChange && current.supervisorUserId !== null) {
    throw AppError.field(
      'email',
      'This supervisor has a tracker account: the email cannot be changed.',
    );
  }
  if (isEmailChange && input.email === actor.email) {
    throw AppError.field('email', 'You cannot list yourself as your supervisor.');
  }
  if (
    isEmailChange &&
    (await repo.listForTrainee(db, actor.id)).some((row) => row.email === input.email)
  )
    throw AppError.field('email', DUPLICATE);
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
    ...(input.organization !== undefined ? { organization: input.organization } : {}),
    ...(isEmailChange && input.email
      ? {
          email: input.email,
          supervisorUserId: await lookUpSupervisorAccount(db, actor.id, input.email, ctx.now),
        }
      : {}),
  };
  // `{}`, or only the email it already has: nothing to set, so nothing changes (an UPDATE needs a SET).
  if (Object.keys(values).length === 0) return toTraineeSupervisor(current);
  try {
    const row = await repo.update(db, actor.id, id, values);
    if (!row) throw new AppError('NOT_FOUND', 'Supervisor not found');
    return toTraineeSupervisor(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('email', DUPLICATE);
    throw error;
  }
}

/**
 * Deletes a record no log refers to; one that logs name must stay (audits need it), and the
 * trainee ends that supervisor's access instead.
 */
export async function deleteTraineeSupervisor(ctx: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<void> {
  const { db, actor, id } = ctx;
  await db.transaction(async (tx) => {
    const current = await repo.findForTrainee(tx, actor.id, id);
    if (!current) throw new AppError('NOT_FOUND', 'Supervisor not found');
    const logs = await repo.countLogs(tx, id);
    if (logs > 0) {
      throw new AppError(
        'CONFLICT',
        `This supervisor is on ${logs} of your logs, so they cannot be deleted: your logs must keep their supervisor for BACB audits. End their access instead.`,
      );
    }
    await repo.remove(tx, actor.id, id);
  });
}

/**
 * Ends a supervisor's access to the trainee (issue 27): from now on the supervisor account no
 * longer lists, approves, signs or reopens anything of the trainee's through this record, and
 * new logs cannot name it. Nothing is deleted: the record, the logs, sign-offs and forms that
 * name it stay, readable to the trainee, and to the supervisor for the forms they signed.
 * Ending it again is a 409, so a second click says what happened.
 */
export async function endSupervisorAccess(ctx: {
  db: Db;
  actor: Actor;
  id: number;
  now: Date;
}): Promise<TraineeSupervisor> {
  const { db, actor, id, now } = ctx;
  const current = await repo.findForTrainee(db, actor.id, id);
  if (!current) throw new AppError('NOT_FOUND', 'Supervisor not found');
  const row = await repo.endAccess(db, actor.id, id, now);
  if (!row) throw new AppError('CONFLICT', "This supervisor's access has already ended.");
  return toTraineeSupervisor(row);
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
