import { AppError } from '../../../shared/errors';
import { monthStateOf, type MonthState } from '../../../shared/review/review.schema';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { voidMonth } from '../forms';
import * as logsRepo from '../logs';
import * as repo from './review-signoff.repository';
import { assertLinkedTrainee } from '../supervisors';

type Context = { db: Db; actor: Actor; now: Date };

export const REOPEN_MESSAGES = {
  othersSignoff:
    'Another supervisor signed this month off: only the supervisor who signed it can reopen it.',
  notSigned: 'This month is not signed off.',
} as const;

/** Each month of a trainee with logs: counts and whether it is signed (for one supervisor, or all). */
export async function listMonthStates(ctx: {
  db: Db;
  traineeId: number;
  supervisorId: number | null;
}): Promise<MonthState[]> {
  const { counts, signoffs } = await repo.monthStates(ctx.db, ctx.traineeId, ctx.supervisorId);
  const months = new Set([...counts.map((row) => row.month), ...signoffs.map((row) => row.month)]);
  return [...months]
    .sort()
    .reverse()
    .map((month) => {
      const row = counts.find((candidate) => candidate.month === month) ?? {
        logs: 0,
        approved: 0,
        pending: 0,
        flagged: 0,
      };
      const signoff = signoffs.find((candidate) => candidate.month === month);
      return {
        month,
        logs: row.logs,
        approved: row.approved,
        pending: row.pending,
        flagged: row.flagged,
        state: monthStateOf(row, signoff !== undefined),
        signed_at: signoff ? signoff.signedAt.toISOString() : null,
        signed_by: signoff ? signoff.supervisorName : null,
      };
    });
}

/** Signs a month off when every log of the supervisor's in it is approved; it is then locked. */
export async function signMonth(
  ctx: Context & { traineeId: number; month: string },
): Promise<void> {
  await assertLinkedTrainee(ctx, ctx.traineeId);
  await ctx.db.transaction(async (tx) => {
    const logs = await logsRepo.listForSupervisor(tx, ctx.actor.id, {
      traineeId: ctx.traineeId,
      month: ctx.month,
    });
    if (logs.length === 0)
      throw new AppError('CONFLICT', 'There are no logs to sign in this month.');
    const waiting = logs.filter((log) => log.status !== 'approved').length;
    if (waiting > 0) {
      throw new AppError(
        'CONFLICT',
        `${waiting} log${waiting === 1 ? ' is' : 's are'} not approved yet: approve every log of the month before signing it.`,
      );
    }
    // Each supervisor signs their own logs: another's sign-off of the month does not stop it.
    if (await logsRepo.findActiveSignoff(tx, ctx.traineeId, ctx.month, ctx.actor.id))
      throw new AppError('CONFLICT', 'You already signed this month off.');
    await logsRepo.signOffMonth(tx, {
      traineeId: ctx.traineeId,
      supervisorUserId: ctx.actor.id,
      month: ctx.month,
      now: ctx.now,
    });
  });
}

/**
 * Reopens the supervisor's own sign-off of a month (recorded in the history of their logs): a
 * sign-off belongs to the supervisor who signed it, and another supervisor of the trainee is
 * refused. The official forms it covers (the supervisor's records', and their organization's),
 * signed or not, in the app or on paper, are voided: they show figures the logs may no longer have (decision 012; the
 * voided rows and PDFs stay as history, and new forms are filled and signed). Other
 * supervisors' forms stand.
 */
export async function reopenMonth(
  ctx: Context & { traineeId: number; month: string },
): Promise<void> {
  await assertLinkedTrainee(ctx, ctx.traineeId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.reopenSignoff(tx, ctx.traineeId, ctx.month, ctx.actor.id, ctx.now))) {
      if (await logsRepo.findActiveSignoff(tx, ctx.traineeId, ctx.month)) {
        throw new AppError('FORBIDDEN', REOPEN_MESSAGES.othersSignoff);
      }
      throw new AppError('CONFLICT', REOPEN_MESSAGES.notSigned);
    }
    await voidMonth(tx, {
      traineeId: ctx.traineeId,
      month: ctx.month,
      supervisorUserId: ctx.actor.id,
      by: ctx.actor.id,
      now: ctx.now,
    });
    const logs = await logsRepo.listForSupervisor(tx, ctx.actor.id, {
      traineeId: ctx.traineeId,
      month: ctx.month,
    });
    for (const log of logs) {
      await logsRepo.addHistory(tx, {
        logId: log.id,
        actorId: ctx.actor.id,
        action: 'reopen',
        changes: { month_signed_off: { old: ctx.month, new: null } },
        now: ctx.now,
      });
    }
  });
}
