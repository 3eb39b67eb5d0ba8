import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, standardsSwitchNotices, users } from '../../db/schema';

export async function findSwitchNotice(db: Db, traineeId: number) {
  const [row] = await db
    .select()
    .from(standardsSwitchNotices)
    .where(eq(standardsSwitchNotices.traineeId, traineeId));
  return row;
}

/** Records the trainee's one notice; false when it was already sent (nothing is written). */
export async function claimSwitchNotice(
  db: Db,
  values: typeof standardsSwitchNotices.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(standardsSwitchNotices)
    .values(values)
    .onConflictDoNothing()
    .returning({ traineeId: standardsSwitchNotices.traineeId });
  return rows.length === 1;
}

/** Read a page at a time, by id. */
export async function traineesNotYetNotified(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      ruleSet: users.ruleSet,
      timeZone: users.timeZone,
    })
    .from(users)
    .leftJoin(standardsSwitchNotices, eq(standardsSwitchNotices.traineeId, users.id))
    .where(
      and(
        eq(users.isSupervisor, false),
        eq(users.isVerified, true),
        isNull(standardsSwitchNotices.traineeId),
        sql`${users.id} > ${afterId}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(experienceLogs)
            .where(and(eq(experienceLogs.traineeId, users.id), isNull(experienceLogs.deletedAt))),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}
