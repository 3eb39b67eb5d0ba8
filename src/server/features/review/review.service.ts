import { AppError } from '../../../shared/errors';
import type { LogStatus } from '../../../shared/logs/log-entry.schema';
import type { ExperienceLog } from '../../../shared/logs/experience-log.schema';
import { addDays, monthOf } from '../../../shared/logs/time';
import {
  NOTHING_TO_FLAG,
  selectedFlags,
  type FlagLogRequest,
  type LinkedTrainee,
} from '../../../shared/review/review.schema';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { pauseAt } from '../../plugins/pause-points';
import { findUserById } from '../accounts';
import { loadSupervisedLog, toExperienceLog } from '../logs';
import * as logsRepo from '../logs';
import * as supervisorsRepo from '../supervisors';
import { assertLinkedTrainee, listLinkedTrainees } from '../supervisors';
import { flaggedMail, invitationMail } from './review-emails';
import * as repo from './review.repository';

type Context = { db: Db; actor: Actor; now: Date };
type MailContext = Context & { mailer: Mailer; appUrl: string };

const SIGNED_MONTH =
  'This month is signed off. Reopen the month first if a log in it needs to change.';

/** The trainees who listed the supervisor (removed ones marked). */
export async function listTrainees(ctx: Context): Promise<LinkedTrainee[]> {
  const rows = await listLinkedTrainees(ctx.db, ctx.actor.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    is_removed: row.isRemoved,
    pending_logs: row.pendingLogs,
    flagged_logs: row.flaggedLogs,
  }));
}

/** Hides a trainee from the supervisor's lists; reversible. */
export async function removeTrainee(ctx: Context & { traineeId: number }): Promise<void> {
  await assertLinkedTrainee(ctx, ctx.traineeId, true);
  await repo.removeTrainee(ctx.db, ctx.actor.id, ctx.traineeId, ctx.now);
}

export async function restoreTrainee(ctx: Context & { traineeId: number }): Promise<void> {
  await assertLinkedTrainee(ctx, ctx.traineeId, true);
  await repo.restoreTrainee(ctx.db, ctx.actor.id, ctx.traineeId);
}

/** Each day of the range with its distinct statuses (the calendar's dots). */
export async function getDates(
  ctx: Context & {
    from: string;
    to: string;
    status?: LogStatus | undefined;
  },
) {
  if (ctx.from > ctx.to)
    throw AppError.field('start_date', 'The start date must be on or before the end date');
  if (addDays(ctx.from, 62) < ctx.to)
    throw AppError.field('end_date', 'Ask for at most two months at a time');
  const rows = await repo.listDateStatuses(ctx.db, ctx.actor.id, {
    from: ctx.from,
    to: ctx.to,
    status: ctx.status,
  });
  return {
    dates: [...new Set(rows.map((row) => row.date))],
    dates_status: rows.map((row) => ({ date_of_experience: row.date, status: row.status })),
  };
}

/** Approves, or flags fields for correction (SPEC §4 "Log status"; §7 flag-log). */
export async function reviewLog(
  ctx: MailContext & { request: FlagLogRequest },
): Promise<'approved' | 'flagged'> {
  const { db, actor, now, request } = ctx;
  const log = await loadSupervisedLog(ctx, request.log_id);
  if ('is_approved' in request) {
    await approveOne(ctx, log);
    return 'approved';
  }
  const flags = selectedFlags(request.data, request.comments);
  if (Object.keys(flags).length === 0) throw AppError.field('data', NOTHING_TO_FLAG);
  await db.transaction(async (tx) => {
    const moved = await repo.transitionLog(tx, log.id, {
      from: ['pending'],
      to: 'flagged',
      flagData: flags,
      by: actor.id,
      now,
    });
    if (!moved) {
      throw new AppError(
        'CONFLICT',
        `This log is ${log.status === 'pending' ? 'no longer pending' : log.status}: only a pending log can be flagged.`,
      );
    }
    await logsRepo.addHistory(tx, {
      logId: log.id,
      actorId: actor.id,
      action: 'flag',
      changes: { status: { old: 'pending', new: 'flagged' }, flags: { old: null, new: flags } },
      now,
    });
  });
  const trainee = await findUserById(db, log.traineeId);
  if (trainee) {
    await ctx.mailer.send(
      db,
      flaggedMail({
        to: trainee.email,
        traineeName: trainee.name,
        supervisorName: actor.name,
        logId: log.id,
        date: log.dateOfExperience,
        flags,
        appUrl: ctx.appUrl,
      }),
    );
  }
  return 'flagged';
}

async function approveOne(ctx: Context, log: logsRepo.LogRecord): Promise<void> {
  if (log.status === 'approved') throw new AppError('CONFLICT', 'This log is already approved.');
  await ctx.db.transaction(async (tx) => {
    // Only from the status the supervisor's request was judged against: a flag (or another
    // approval) that lands first wins, and this one is told, rather than silently overriding a
    // decision the supervisor has not seen (and recording the wrong old status).
    const moved = await repo.transitionLog(tx, log.id, {
      from: [log.status],
      to: 'approved',
      flagData: {},
      by: ctx.actor.id,
      now: ctx.now,
    });
    if (!moved) {
      throw new AppError('CONFLICT', 'This log changed meanwhile: open it again to see it.');
    }
    await pauseAt('approve-log:before-history');
    await logsRepo.addHistory(tx, {
      logId: log.id,
      actorId: ctx.actor.id,
      action: 'approve',
      changes: { status: { old: log.status, new: 'approved' } },
      now: ctx.now,
    });
  });
}

/**
 * Approves the pending logs of one trainee the supervisor has seen, in one action; each log
 * gets its own history entry. Logs that changed meanwhile are left as they are.
 */
export async function approveMany(ctx: Context & { traineeId: number; logIds: readonly number[] }) {
  await assertLinkedTrainee(ctx, ctx.traineeId);
  const logs = await logsRepo.listForSupervisor(ctx.db, ctx.actor.id, {
    traineeId: ctx.traineeId,
    ids: ctx.logIds,
    status: 'pending',
  });
  const approved: number[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const log of logs) {
      const moved = await repo.transitionLog(tx, log.id, {
        from: ['pending'],
        to: 'approved',
        flagData: {},
        by: ctx.actor.id,
        now: ctx.now,
      });
      if (!moved) continue;
      approved.push(log.id);
      await logsRepo.addHistory(tx, {
        logId: log.id,
        actorId: ctx.actor.id,
        action: 'approve',
        changes: { status: { old: 'pending', new: 'approved' } },
        now: ctx.now,
      });
    }
  });
  const skipped = ctx.logIds.filter((id) => !approved.includes(id));
  return { approved: approved.sort((a, b) => a - b), skipped };
}

/** Puts an approved log back to pending so the trainee can change it (not in its signed month). */
export async function reopenLog(ctx: Context & { logId: number }): Promise<ExperienceLog> {
  const log = await loadSupervisedLog(ctx, ctx.logId);
  const signed = await logsRepo.signedMonthOf(ctx.db, log.traineeId, {
    month: monthOf(log.dateOfExperience),
    traineeSupervisorId: log.traineeSupervisorId,
  });
  if (signed) throw new AppError('CONFLICT', SIGNED_MONTH);
  await ctx.db.transaction(async (tx) => {
    const moved = await repo.transitionLog(tx, log.id, {
      from: ['approved'],
      to: 'pending',
      flagData: {},
      by: ctx.actor.id,
      now: ctx.now,
    });
    if (!moved) throw new AppError('CONFLICT', 'Only an approved log can be reopened.');
    await logsRepo.addHistory(tx, {
      logId: log.id,
      actorId: ctx.actor.id,
      action: 'reopen',
      changes: { status: { old: 'approved', new: 'pending' } },
      now: ctx.now,
    });
  });
  return toExperienceLog(await loadSupervisedLog(ctx, ctx.logId));
}

/** Mails the trainee's supervisor a link to register with the email filled in and locked. */
export async function sendInvitation(ctx: MailContext & { email: string }): Promise<void> {
  const rows = await supervisorsRepo.listWithLinks(ctx.db, ctx.actor.id);
  const record = rows.find((row) => row.email === ctx.email);
  if (!record) throw AppError.field('supervisor_email', 'Add this supervisor to your list first.');
  // Asked to accept already (or answered): an account, whether or not it sees the trainee.
  if (record.supervisorUserId !== null || record.linkStatus !== null) {
    throw AppError.field('supervisor_email', 'This supervisor already has a tracker account.');
  }
  await supervisorsRepo.markInvited(ctx.db, ctx.actor.id, record.id, ctx.now);
  await ctx.mailer.send(ctx.db, invitationMail(ctx.email, ctx.actor.name, ctx.appUrl));
}
