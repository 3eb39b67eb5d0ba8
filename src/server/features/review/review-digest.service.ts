import { randomBytes } from 'node:crypto';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { hashSecret } from '../../plugins/auth';
import { findUserById } from '../accounts/accounts.repository';
import { getAtRisk } from '../at-risk/at-risk.service';
import { digestMail } from './review-emails';
import * as repo from './review-digest.repository';

/** How often a supervisor may get the digest. */
export const DIGEST_INTERVAL_HOURS = 23;

/**
 * Sends each supervisor with logs waiting, trainees at risk this month or last month's forms
 * unsigned one digest, at most once a day. Safe to run from several instances: each supervisor
 * is claimed by a conditional update first.
 */
export async function sendDailyDigests(ctx: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: Date;
}): Promise<number> {
  await repo.ensureDigestRows(ctx.db);
  const due = await repo.claimDueDigests(
    ctx.db,
    ctx.now,
    new Date(ctx.now.getTime() - DIGEST_INTERVAL_HOURS * 3_600_000),
  );
  let sent = 0;
  for (const { supervisorUserId } of due) {
    const supervisor = await findUserById(ctx.db, supervisorUserId);
    if (!supervisor) continue;
    const waiting = await repo.pendingByTrainee(ctx.db, supervisorUserId);
    // The supervisor's home's at-risk list, the same facts (issue 14).
    const attention = await getAtRisk({ db: ctx.db, supervisorId: supervisorUserId, now: ctx.now });
    const atRisk = attention.trainees.filter((trainee) => trainee.is_at_risk);
    const unsignedForms = attention.unsigned_forms;
    if (waiting.length === 0 && atRisk.length === 0 && unsignedForms.length === 0) continue;
    // A fresh unsubscribe token each time: only the newest mail's link needs to work.
    const token = randomBytes(24).toString('hex');
    await repo.setDigestToken(ctx.db, supervisorUserId, hashSecret(token));
    const unsubscribeUrl = `${ctx.appUrl}/api/v1/digest/unsubscribe/?u=${supervisorUserId}&token=${token}`;
    await ctx.mailer.send(
      ctx.db,
      digestMail({
        to: supervisor.email,
        supervisorName: supervisor.name,
        waiting,
        atRisk,
        unsignedForms,
        daysLeft: attention.days_left,
        appUrl: ctx.appUrl,
        unsubscribeUrl,
      }),
    );
    sent += 1;
  }
  return sent;
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
