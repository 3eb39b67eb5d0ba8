import { and, asc, count, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { supervisedBy } from '../logs/logs.repository';
import { hasRemoved, supervises } from '../supervisors/supervision-scope';
import {
  experienceLogs,
  monthSignoffs,
  removedTrainees,
  traineeSupervisors,
  users,
  type FlagData,
} from '../../db/schema';

const waitingRecord = alias(traineeSupervisors, 'ts');

/**
 * The trainees the supervisor may see, those they removed included and flagged, with their
 * waiting logs (a trainee who ended the supervisor's access is not listed).
 */
export async function listLinkedTrainees(db: Db, supervisorId: number) {
  // Drizzle leaves columns unqualified in a one-table select: the subqueries use aliases.
  const waiting = (status: 'pending' | 'flagged') =>
    sql<number>`(select count(*)::int from experience_logs l inner join trainee_supervisors ts on ts.id = l.trainee_supervisor_id where l.trainee_id = "users"."id" and ${supervises(supervisorId, { record: waitingRecord, includeRemoved: true })} and l.status = ${status} and l.deleted_at is null)`;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isRemoved: hasRemoved(supervisorId, sql`"users"."id"`),
      pendingLogs: waiting('pending'),
      flaggedLogs: waiting('flagged'),
    })
    .from(users)
    .where(
      inArray(
        users.id,
        db
          .select({ id: traineeSupervisors.traineeId })
          .from(traineeSupervisors)
          .where(supervises(supervisorId, { includeRemoved: true })),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Whether the supervisor may see the trainee (`includeRemoved`: also one they removed). */
export async function isLinked(
  db: Db,
  supervisorId: number,
  traineeId: number,
  options: { includeRemoved?: boolean } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ value: count() })
    .from(traineeSupervisors)
    .where(
      and(
        eq(traineeSupervisors.traineeId, traineeId),
        supervises(supervisorId, { includeRemoved: options.includeRemoved ?? false }),
      ),
    );
  return (row?.value ?? 0) > 0;
}

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

/** Ids of the supervisor's visible logs matching the filters (the lists and the calendar). */
export async function listSupervisedLogIds(
  db: Db,
  supervisorId: number,
  filters: {
    status?: 'pending' | 'approved' | 'flagged' | undefined;
    date?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    traineeId?: number | undefined;
    ids?: readonly number[] | undefined;
  },
): Promise<number[]> {
  const rows = await db
    .select({ id: experienceLogs.id })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .where(
      and(
        supervisedBy(supervisorId),
        filters.status ? eq(experienceLogs.status, filters.status) : undefined,
        filters.date ? eq(experienceLogs.dateOfExperience, filters.date) : undefined,
        filters.from ? gte(experienceLogs.dateOfExperience, filters.from) : undefined,
        filters.to ? lte(experienceLogs.dateOfExperience, filters.to) : undefined,
        filters.traineeId ? eq(experienceLogs.traineeId, filters.traineeId) : undefined,
        filters.ids ? inArray(experienceLogs.id, [...filters.ids]) : undefined,
      ),
    )
    .orderBy(
      asc(experienceLogs.dateOfExperience),
      asc(experienceLogs.startMinute),
      asc(experienceLogs.id),
    );
  return rows.map((row) => row.id);
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
  range: { from: string; to: string; status?: 'pending' | 'approved' | 'flagged' | undefined },
) {
  const byStatus = range.status !== undefined;
  const name = byStatus ? 'review_date_statuses_by_status' : 'review_date_statuses';
  return prepared(db, name, (database, statementName) =>
    dateStatusesQuery(database, statementName, byStatus),
  ).execute({ supervisorId, ...range });
}

type Status = 'pending' | 'approved' | 'flagged';

/**
 * Moves a log from one of `from` to `to`, only if it is still in one of `from` (a conditional
 * update: two racing reviews cannot both win). Returns whether it moved.
 */
export async function transitionLog(
  db: Db,
  logId: number,
  change: { from: readonly Status[]; to: Status; flagData: FlagData; by: number; now: Date },
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

/**
 * A live sign-off of a trainee's month: any supervisor's (the month is locked for the trainee),
 * or, with `supervisorUserId`, that supervisor's own.
 */
export async function findActiveSignoff(
  db: Db,
  traineeId: number,
  month: string,
  supervisorUserId?: number,
) {
  const [row] = await db
    .select()
    .from(monthSignoffs)
    .where(
      and(
        eq(monthSignoffs.traineeId, traineeId),
        eq(monthSignoffs.month, month),
        isNull(monthSignoffs.reopenedAt),
        supervisorUserId === undefined
          ? undefined
          : eq(monthSignoffs.supervisorUserId, supervisorUserId),
      ),
    )
    .limit(1);
  return row;
}
