import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, monthSignoffs, traineeSupervisors, users } from '../../db/schema';

/**
 * Reopens the supervisor's own live sign-off of the month (a sign-off belongs to the supervisor
 * who signed it); returns whether there was one.
 */
export async function reopenSignoff(
  db: Db,
  traineeId: number,
  month: string,
  supervisorUserId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(monthSignoffs)
    .set({ reopenedAt: now, reopenedBy: supervisorUserId })
    .where(
      and(
        eq(monthSignoffs.traineeId, traineeId),
        eq(monthSignoffs.month, month),
        eq(monthSignoffs.supervisorUserId, supervisorUserId),
        isNull(monthSignoffs.reopenedAt),
      ),
    )
    .returning({ id: monthSignoffs.id });
  return rows.length > 0;
}

/**
 * Per month of a trainee: log counts by status and live sign-offs (one supervisor's, or every
 * supervisor's when null).
 */
export async function monthStates(db: Db, traineeId: number, supervisorId: number | null) {
  const month = sql<string>`to_char(${experienceLogs.dateOfExperience}, 'YYYY-MM')`;
  const counts = await db
    .select({
      month,
      logs: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${experienceLogs.status} = 'approved'))::int`,
      pending: sql<number>`(count(*) filter (where ${experienceLogs.status} = 'pending'))::int`,
      flagged: sql<number>`(count(*) filter (where ${experienceLogs.status} = 'flagged'))::int`,
    })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .where(
      and(
        eq(experienceLogs.traineeId, traineeId),
        isNull(experienceLogs.deletedAt),
        supervisorId === null ? undefined : eq(traineeSupervisors.supervisorUserId, supervisorId),
      ),
    )
    .groupBy(month)
    .orderBy(month);
  const signoffs = await db
    .select({
      month: monthSignoffs.month,
      signedAt: monthSignoffs.signedAt,
      supervisorUserId: monthSignoffs.supervisorUserId,
      supervisorName: users.name,
    })
    .from(monthSignoffs)
    .innerJoin(users, eq(users.id, monthSignoffs.supervisorUserId))
    .where(
      and(
        eq(monthSignoffs.traineeId, traineeId),
        isNull(monthSignoffs.reopenedAt),
        supervisorId === null ? undefined : eq(monthSignoffs.supervisorUserId, supervisorId),
      ),
    );
  return { counts, signoffs };
}
