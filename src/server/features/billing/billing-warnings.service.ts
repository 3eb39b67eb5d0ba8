import { dueWarningDays } from '../../../shared/billing/access';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { accessEndingMail } from './billing-emails';
import { standingInputsOf, standingOf } from './billing-standing.service';
import * as repo from './billing-warnings.repository';

export const WARNING_INTERVAL_MINUTES = 60;

/**
 * Each mail is claimed in the transaction that queues it, so several instances and reruns send it
 * once and a failed delivery is retried by the mail queue.
 */
export async function sendAccessWarnings(ctx: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: Date;
}): Promise<number> {
  const { db, now } = ctx;
  let sent = 0;
  for (const user of await repo.listWarningCandidates(db, now)) {
    const { warning } = standingOf(standingInputsOf(user), now);
    // A failed renewal has its own mail (billing-renewal.service).
    if (!warning || warning.kind === 'renewal_failed') continue;
    if (!warning.endsAt || warning.daysLeft === null) continue;
    const daysBefore = dueWarningDays(warning.daysLeft);
    if (daysBefore === null) continue;
    const { kind, endsAt, daysLeft } = warning;
    const queued = await ctx.mailer.sendClaimed(db, async (tx) => {
      const claimed = await repo.claimWarning(tx, {
        userId: user.id,
        kind,
        endsAt,
        daysBefore,
        sentAt: now,
      });
      if (!claimed) return null;
      return accessEndingMail({
        to: user.email,
        name: user.name,
        kind,
        endsAt,
        daysLeft,
        subscriptionUrl: `${ctx.appUrl}/subscription`,
      });
    });
    if (!queued) continue;
    sent += 1;
  }
  return sent;
}
