import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { LogStatus } from '../../../shared/logs/log-entry.schema';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { supervisedBy } from '../logs';
import {
  experienceLogs,
  removedTrainees,
  traineeSupervisors,
  type FlagData,
} from '../../db/schema';

export async function removeTrainee(db: Db, supervisorId: number, traineeId: number, now: Date) {
  await db
    .insert(removedTrainees)
    .values({ supervisorUserId: supervisorId, traineeId, removedAt: now })
    .onConflictDoNothing();
}

export async function restoreTrainee(db: Db, supervisorId: number, traineeId: number) {
  await db
    .delete(removedTrainees)
    .where(
      and(
        eq(removedTrainees.supervisorUserId, supervisorId),
        eq(removedTrainees.traineeId, traineeId),
      ),
    );
}

const dateStatusesQuery = (db: Db, name: string, byStatus: boolean) =>
  db
    .selectDistinct({ date: experienceLogs.dateOfExperience, status: experienceLogs.status })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .where(
      and(
        supervisedBy(sql.placeholder('supervisorId')),
        gte(experienceLogs.dateOfExperience, sql.placeholder('from')),
        lte(experienceLogs.dateOfExperience, sql.placeholder('to')),
        byStatus ? eq(experienceLogs.status, sql.placeholder('status')) : undefined,
      ),
    )
    .orderBy(asc(experienceLogs.dateOfExperience), asc(experienceLogs.status))
    .prepare(name);

/** Each day of the range with the distinct statuses of the supervisor's logs on it. */
export async function listDateStatuses(
  db: Db,
  supervisorId: number,
  range: { from: string; to: string; status?: LogStatus | undefined },
) {
  const byStatus = range.status !== undefined;
  const name = byStatus ? 'review_date_statuses_by_status' : 'review_date_statuses';
  return prepared(db, name, (database, statementName) =>
    dateStatusesQuery(database, statementName, byStatus),
  ).execute({ supervisorId, ...range });
}

/**
 * Moves a log from one of `from` to `to`, only if it is still in one of `from` (a conditional
 * update: two racing reviews cannot both win). Returns whether it moved.
 */
export async function transitionLog(
  db: Db,
  logId: number,
  change: { from: readonly LogStatus[]; to: LogStatus; flagData: FlagData; by: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(experienceLogs)
    .set({
      status: change.to,
      flagData: change.flagData,
      statusChangedAt: change.now,
      statusChangedBy: change.by,
    })
    .where(
      and(
        eq(experienceLogs.id, logId),
        isNull(experienceLogs.deletedAt),
        inArray(experienceLogs.status, [...change.from]),
      ),
    )
    .returning({ id: experienceLogs.id });
  return rows.length === 1;
}
