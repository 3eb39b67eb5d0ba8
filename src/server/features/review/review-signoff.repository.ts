import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, monthSignoffs } from '../../db/schema';

/** Reopens these live sign-offs; returns how many were still live. */
export async function reopenSignoffs(
  db: Db,
  ids: readonly number[],
  supervisorUserId: number,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(monthSignoffs)
    .set({ reopenedAt: now, reopenedBy: supervisorUserId })
    .where(and(inArray(monthSignoffs.id, [...ids]), isNull(monthSignoffs.reopenedAt)))
    .returning({ id: monthSignoffs.id });
  return rows.length;
}

/** Per month and supervisor record of a trainee: the live logs by status. */
export function monthCounts(db: Db, traineeId: number) {
  const month = sql<string>`to_char(${experienceLogs.dateOfExperience}, 'YYYY-MM')`;
  return db
    .select({
      month,
      traineeSupervisorId: experienceLogs.traineeSupervisorId,
      logs: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${experienceLogs.status} = 'approved'))::int`,
      pending: sql<number>`(count(*) filter (where ${experienceLogs.status} = 'pending'))::int`,
      flagged: sql<number>`(count(*) filter (where ${experienceLogs.status} = 'flagged'))::int`,
    })
    .from(experienceLogs)
    .where(and(eq(experienceLogs.traineeId, traineeId), isNull(experienceLogs.deletedAt)))
    .groupBy(month, experienceLogs.traineeSupervisorId)
    .orderBy(month);
}
