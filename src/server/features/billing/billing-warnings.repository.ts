import { and, eq, gt, isNotNull, lte, or } from 'drizzle-orm';
import { TRIAL_DAYS, WARNING_DAYS } from '../../../shared/billing/access';
import type { Db } from '../../db/client';
import { accessWarnings, userSubscriptions, users } from '../../db/schema';
import { STANDING_COLUMNS } from './billing-standing.service';

const DAY = 86_400_000;

/** A cheap superset: the rule of shared/billing/access.ts decides who is warned. */
export async function listWarningCandidates(db: Db, now: Date) {
  const horizon = new Date(now.getTime() + WARNING_DAYS[0] * DAY);
  const trialsSince = new Date(now.getTime() - TRIAL_DAYS * DAY);
  const s = userSubscriptions;
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      // Read as the paywall reads it (STANDING_COLUMNS), so the warning is its verdict.
      ...STANDING_COLUMNS,
    })
    .from(users)
    .leftJoin(s, eq(s.traineeId, users.id))
    .where(
      and(
        eq(users.isVerified, true),
        eq(users.isSupervisor, false),
        or(
          and(eq(users.isPaid, false), gt(users.dateJoined, trialsSince)),
          and(
            isNotNull(s.canceledAt),
            eq(s.isLifetime, false),
            gt(s.expiry, now),
            lte(s.expiry, horizon),
          ),
        ),
      ),
    )
    .orderBy(users.id);
}

/** False for everyone after the first (another instance, a rerun), who must not send it. */
export async function claimWarning(
  db: Db,
  values: Omit<typeof accessWarnings.$inferInsert, 'id'>,
): Promise<boolean> {
  const rows = await db
    .insert(accessWarnings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: accessWarnings.id });
  return rows.length === 1;
}
