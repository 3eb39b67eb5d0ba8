import { randomBytes } from 'node:crypto';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { hashSecret } from '../../plugins/auth';
import { findUserById } from '../accounts';
import { getAtRisk } from '../at-risk';
import { digestMail } from './review-emails';
import * as repo from './review-digest.repository';

/** How often a supervisor may get the digest. */
export const DIGEST_INTERVAL_HOURS = 23;

/**
 * Sends each supervisor with logs waiting, trainees at risk this month or last month's forms
 * unsigned one digest, at most once a day. Safe to run from several instances: each supervisor
 * is claimed by a conditional update in the transaction that queues their mail (Mailer.sendClaimed),
 * so a digest is neither sent twice nor lost to an instance that dies.
 */
export async function sendDailyDigests(ctx: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: Date;
}): Promise<number> {
  await repo.ensureDigestRows(ctx.db);
  const dueBefore = new Date(ctx.now.getTime() - DIGEST_INTERVAL_HOURS * 3_600_000);
  let sent = 0;
  for (const { supervisorUserId } of await repo.listDueDigests(ctx.db, dueBefore)) {
    const content = await digestContent(ctx.db, supervisorUserId, ctx.now);
    // Claimed even when there is nothing to say: the supervisor is looked at again tomorrow.
    const queued = await ctx.mailer.sendClaimed(ctx.db, async (tx) => {
      if (!(await repo.claimDigest(tx, supervisorUserId, ctx.now, dueBefore))) return null;
      if (!content) return null;
      // A fresh unsubscribe token each time: only the newest mail's link needs to work.
      const token = randomBytes(24).toString('hex');
      await repo.setDigestToken(tx, supervisorUserId, hashSecret(token));
      return digestMail({
        ...content,
        appUrl: ctx.appUrl,
        unsubscribeUrl: `${ctx.appUrl}/api/v1/digest/unsubscribe/?u=${supervisorUserId}&token=${token}`,
      });
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** What a supervisor's digest says, or null when nothing waits, nobody is at risk and no form is due. */
async function digestContent(db: Db, supervisorUserId: number, now: Date) {
  const supervisor = await findUserById(db, supervisorUserId);
  if (!supervisor) return null;
  const waiting = await repo.pendingByTrainee(db, supervisorUserId);
  // The supervisor's home's at-risk list, the same facts (issue 14).
  const attention = await getAtRisk({
    db,
    supervisorId: supervisorUserId,
    timeZone: supervisor.timeZone,
    now,
  });
  const atRisk = attention.trainees.filter((trainee) => trainee.is_at_risk);
  const unsignedForms = attention.unsigned_forms;
  if (waiting.length === 0 && atRisk.length === 0 && unsignedForms.length === 0) return null;
  return {
    to: supervisor.email,
    supervisorName: supervisor.name,
    waiting,
    atRisk,
    unsignedForms,
    daysLeft: attention.days_left,
  };
}

/** Opts a supervisor out of digests with the token from their mail. */
export async function unsubscribeFromDigest(ctx: {
  db: Db;
  supervisorId: number;
  token: string;
  now: Date;
}): Promise<boolean> {
  return repo.unsubscribeDigest(ctx.db, ctx.supervisorId, hashSecret(ctx.token), ctx.now);
}
