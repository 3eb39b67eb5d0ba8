import { LOG_MESSAGES } from '../../../shared/logs/log-messages';
import type {
  TraineeSupervisor,
  TraineeSupervisorInput,
} from '../../../shared/supervisors/trainee-supervisor.schema';
import { AppError } from '../../../shared/errors';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { withdrawForRecord } from './link-requests.repository';
import { askToLink, type LinkMail } from './link-requests.service';
import * as repo from './supervisors.repository';

const DUPLICATE = 'You already listed a supervisor with this email.';
const SUPERVISOR_NOT_FOUND = () => new AppError('NOT_FOUND', 'Supervisor not found');

type RecordContext = { db: Db; actor: Actor; now: Date; mail: LinkMail };

export function toTraineeSupervisor(row: repo.RecordWithLink): TraineeSupervisor {
  // A record linked before requests were kept (or by the test hooks) stands accepted.
  const linkStatus = row.supervisorUserId === null ? row.linkStatus : 'accepted';
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    organization: row.organization,
    supervisor: linkStatus === null ? null : true,
    link_status: linkStatus,
    invited_at: row.invitedAt ? row.invitedAt.toISOString() : null,
    access_ended_at: row.accessEndedAt ? row.accessEndedAt.toISOString() : null,
  };
}

export async function listTraineeSupervisors({ db, actor }: { db: Db; actor: Actor }) {
  return (await repo.listWithLinks(db, actor.id)).map(toTraineeSupervisor);
}

async function recordAnswer(db: Db, traineeId: number, id: number): Promise<TraineeSupervisor> {
  const [row] = await repo.listWithLinks(db, traineeId, id);
  if (!row) throw SUPERVISOR_NOT_FOUND();
  return toTraineeSupervisor(row);
}

/** Each answer tells whether an email is an account's, so each counts (issue 36). */
export async function lookUpSupervisorAccount(
  db: Db,
  traineeId: number,
  email: string,
  now: Date,
): Promise<number | null> {
  await consumeRateLimit(db, `supervisor-emails:${traineeId}`, RATE_LIMITS.supervisorEmails, now);
  return repo.findSupervisorAccountId(db, email);
}

/**
 * The record is linked only when the account accepts (issue 36); the caller sends the mail owed
 * once its transaction commits. Undefined when the trainee already lists this email.
 */
export async function listSupervisor(
  ctx: RecordContext,
  values: { name: string; lastname: string; email: string; organization?: string },
): Promise<{ row: repo.TraineeSupervisorRow; mail: MailMessage | null } | undefined> {
  const { db, actor, now } = ctx;
  const accountId = await lookUpSupervisorAccount(db, actor.id, values.email, now);
  const row = await repo.insert(db, { traineeId: actor.id, ...values, supervisorUserId: null });
  if (!row) return undefined;
  if (accountId === null) return { row, mail: null };
  const { mail } = await askToLink(db, {
    record: row,
    supervisorUserId: accountId,
    trainee: actor,
    appUrl: ctx.mail.appUrl,
    now,
  });
  return { row, mail };
}

export async function addTraineeSupervisor(
  ctx: RecordContext & { input: TraineeSupervisorInput },
): Promise<TraineeSupervisor> {
  const { db, actor, input } = ctx;
  if (input.email === actor.email) throw AppError.field('email', LOG_MESSAGES.selfAsSupervisor);
  // A duplicate is refused before the lookup: it tells nothing, so it costs no attempt.
  if (await listsEmail(db, actor.id, input.email)) throw AppError.field('email', DUPLICATE);
  const listed = await db.transaction((tx) => listSupervisor({ ...ctx, db: tx }, input));
  if (!listed) throw AppError.field('email', DUPLICATE);
  if (listed.mail) await ctx.mail.mailer.send(db, listed.mail);
  return recordAnswer(db, actor.id, listed.row.id);
}

async function listsEmail(db: Db, traineeId: number, email: string): Promise<boolean> {
  return (await repo.listForTrainee(db, traineeId)).some((row) => row.email === email);
}

/** The email is fixed once an account accepted it (SPEC §5). */
export async function updateTraineeSupervisor(
  ctx: RecordContext & { id: number; input: Partial<TraineeSupervisorInput> },
): Promise<TraineeSupervisor> {
  const { db, actor, id, input } = ctx;
  const current = await repo.findForTrainee(db, actor.id, id);
  if (!current) throw SUPERVISOR_NOT_FOUND();
  const email = input.email !== undefined && input.email !== current.email ? input.email : null;
  if (email !== null && current.supervisorUserId !== null) {
    throw AppError.field(
      'email',
      'This supervisor has a tracker account: the email cannot be changed.',
    );
  }
  if (email === actor.email) {
    throw AppError.field('email', LOG_MESSAGES.selfAsSupervisor);
  }
  if (email !== null && (await listsEmail(db, actor.id, email)))
    throw AppError.field('email', DUPLICATE);
  const accountId =
    email === null ? null : await lookUpSupervisorAccount(db, actor.id, email, ctx.now);
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
    ...(input.organization !== undefined ? { organization: input.organization } : {}),
    ...(email !== null ? { email } : {}),
  };
  // `{}`, or only the email it already has: nothing to set, so nothing changes (an UPDATE needs a SET).
  if (Object.keys(values).length === 0) return recordAnswer(db, actor.id, id);
  const save = async (tx: Db): Promise<MailMessage | null> => {
    const row = await repo.update(tx, actor.id, id, values);
    if (!row) throw SUPERVISOR_NOT_FOUND();
    if (email === null) return null;
    await withdrawForRecord(tx, id);
    if (accountId === null) return null;
    const asked = await askToLink(tx, {
      record: row,
      supervisorUserId: accountId,
      trainee: actor,
      appUrl: ctx.mail.appUrl,
      now: ctx.now,
    });
    return asked.mail;
  };
  let mail: MailMessage | null;
  try {
    mail = await db.transaction(save);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('email', DUPLICATE);
    throw error;
  }
  if (mail) await ctx.mail.mailer.send(db, mail);
  return recordAnswer(db, actor.id, id);
}

/** One that logs name must stay (audits need it): the trainee ends its access instead. */
export async function deleteTraineeSupervisor(ctx: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<void> {
  const { db, actor, id } = ctx;
  await db.transaction(async (tx) => {
    const current = await repo.findForTrainee(tx, actor.id, id);
    if (!current) throw SUPERVISOR_NOT_FOUND();
    const logs = await repo.countLogs(tx, id);
    if (logs > 0) {
      throw new AppError(
        'CONFLICT',
        `This supervisor is on ${logs} of your logs, so they cannot be deleted: your logs must keep their supervisor for BACB audits. End their access instead.`,
      );
    }
    if (await repo.hasSignoffs(tx, id)) {
      throw new AppError(
        'CONFLICT',
        'This supervisor signed months off, so they cannot be deleted: the sign-offs must keep their supervisor for BACB audits. End their access instead.',
      );
    }
    if (await repo.hasContracts(tx, id)) {
      throw new AppError(
        'CONFLICT',
        'This supervisor is a party to a supervision contract, so they cannot be deleted: the contract must keep its parties for BACB audits. End their access instead.',
      );
    }
    await repo.remove(tx, actor.id, id);
  });
}

/**
 * Issue 27. Nothing is deleted: the record, logs, sign-offs and forms stay, readable to the
 * trainee, and to the supervisor for the forms they signed. Again is a 409, so a second click
 * says what happened.
 */
export async function endSupervisorAccess(ctx: {
  db: Db;
  actor: Actor;
  id: number;
  now: Date;
}): Promise<TraineeSupervisor> {
  const { db, actor, id, now } = ctx;
  const current = await repo.findForTrainee(db, actor.id, id);
  if (!current) throw SUPERVISOR_NOT_FOUND();
  const row = await repo.endAccess(db, actor.id, id, now);
  if (!row) throw new AppError('CONFLICT', "This supervisor's access has already ended.");
  return recordAnswer(db, actor.id, id);
}

/**
 * Issue 36: at once, since the ending was the trainee's act alone and the supervisor never
 * withdrew (they can still remove the trainee from their lists).
 */
export async function restoreSupervisorAccess(ctx: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<TraineeSupervisor> {
  const { db, actor, id } = ctx;
  const current = await repo.findForTrainee(db, actor.id, id);
  if (!current) throw SUPERVISOR_NOT_FOUND();
  const row = await repo.restoreAccess(db, actor.id, id);
  if (!row) throw new AppError('CONFLICT', "This supervisor's access has not ended.");
  return recordAnswer(db, actor.id, id);
}

/** From either driver. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
