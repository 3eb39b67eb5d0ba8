import { and, asc, count, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supervisedBy } from '../logs/logs.repository';
import {
  digestSubscriptions,
  experienceLogs,
  monthSignoffs,
  removedTrainees,
  traineeSupervisors,
  users,
  type FlagData,
} from '../../db/schema';

/** The trainees who listed this supervisor, removed ones flagged, with their waiting logs. */
export async function listLinkedTrainees(db: Db, supervisorId: number) {
  // Drizzle leaves columns unqualified in a one-table select: the subqueries use aliases.
  const waiting = (status: 'pending' | 'flagged') =>
    sql<number>`(select count(*)::int from experience_logs l inner join trainee_supervisors ts on ts.id = l.trainee_supervisor_id where l.trainee_id = "users"."id" and ts.supervisor_user_id = ${supervisorId} and l.status = ${status} and l.deleted_at is null)`;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isRemoved: sql<boolean>`exists (select 1 from removed_trainees r where r.supervisor_user_id = ${supervisorId} and r.trainee_id = "users"."id")`,
      pendingLogs: waiting('pending'),
      flaggedLogs: waiting('flagged'),
    })
    .from(users)
    .where(
      sql`${users.id} in (select ${traineeSupervisors.traineeId} from ${traineeSupervisors} where ${traineeSupervisors.supervisorUserId} = ${supervisorId})`,
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Whether the trainee listed this supervisor (and, unless `includeRemoved`, is not removed). */
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
        eq(traineeSupervisors.supervisorUserId, supervisorId),
        options.includeRemoved
          ? undefined
          : notExists(
              sql`(select 1 from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId} and ${removedTrainees.traineeId} = ${traineeId})`,
            ),
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

export async function listRemovedTraineeIds(db: Db, supervisorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: removedTrainees.traineeId })
    .from(removedTrainees)
    .where(eq(removedTrainees.supervisorUserId, supervisorId))
    .orderBy(asc(removedTrainees.traineeId));
  return rows.map((row) => row.id);
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

/** Each day of the range with the distinct statuses of the supervisor's logs on it. */
export async function listDateStatuses(
  db: Db,
  supervisorId: number,
  range: { from: string; to: string; status?: 'pending' | 'approved' | 'flagged' | undefined },
) {
  return db
    .selectDistinct({ date: experienceLogs.dateOfExperience, status: experienceLogs.status })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .where(
      and(
        supervisedBy(supervisorId),
        gte(experienceLogs.dateOfExperience, range.from),
        lte(experienceLogs.dateOfExperience, range.to),
        range.status ? eq(experienceLogs.status, range.status) : undefined,
      ),
    )
    .orderBy(asc(experienceLogs.dateOfExperience), asc(experienceLogs.status));
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

/** The live sign-off of a trainee's month, if any (any supervisor's). */
export async function findActiveSignoff(db: Db, traineeId: number, month: string) {
  const [row] = await db
    .select()
    .from(monthSignoffs)
    .where(
      and(
        eq(monthSignoffs.traineeId, traineeId),
        eq(monthSignoffs.month, month),
        isNull(monthSignoffs.reopenedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertSignoff(
  db: Db,
  values: { traineeId: number; supervisorUserId: number; month: string; now: Date },
) {
  await db.insert(monthSignoffs).values({
    traineeId: values.traineeId,
    supervisorUserId: values.supervisorUserId,
    month: values.month,
    signedAt: values.now,
  });
}

/** Reopens the live sign-off; returns whether there was one. */
export async function reopenSignoff(
  db: Db,
  traineeId: number,
  month: string,
  by: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(monthSignoffs)
    .set({ reopenedAt: now, reopenedBy: by })
    .where(
      and(
        eq(monthSignoffs.traineeId, traineeId),
        eq(monthSignoffs.month, month),
        isNull(monthSignoffs.reopenedAt),
      ),
    )
    .returning({ id: monthSignoffs.id });
  return rows.length > 0;
}

/** Per month of a trainee: log counts by status (for one supervisor, or all when null), and sign-offs. */
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
    .where(and(eq(monthSignoffs.traineeId, traineeId), isNull(monthSignoffs.reopenedAt)));
  return { counts, signoffs };
}

/** Supervisors with logs waiting whose digest is due, claimed so another instance skips them. */
export async function claimDueDigests(db: Db, now: Date, dueBefore: Date) {
  return db
    .update(digestSubscriptions)
    .set({ lastSentAt: now })
    .where(
      and(
        isNull(digestSubscriptions.unsubscribedAt),
        sql`(${digestSubscriptions.lastSentAt} is null or ${digestSubscriptions.lastSentAt} < ${dueBefore.toISOString()}::timestamptz)`,
        sql`exists (select 1 from ${experienceLogs} inner join ${traineeSupervisors} ts on ts.id = ${experienceLogs.traineeSupervisorId} where ts.supervisor_user_id = "digest_subscriptions"."supervisor_user_id" and ${experienceLogs.status} = 'pending' and ${experienceLogs.deletedAt} is null and not exists (select 1 from ${removedTrainees} r where r.supervisor_user_id = ts.supervisor_user_id and r.trainee_id = ${experienceLogs.traineeId}))`,
      ),
    )
    .returning({ supervisorUserId: digestSubscriptions.supervisorUserId });
}

/**
 * Gives every supervisor a digest row. The placeholder hash is never a SHA-256 of any token
 * (it is 32 characters, a SHA-256 is 64), so no link works until a digest sets a real one.
 */
export async function ensureDigestRows(db: Db): Promise<void> {
  await db.execute(
    sql`insert into ${digestSubscriptions} (supervisor_user_id, unsubscribe_token_hash) select ${users.id}, md5(random()::text) from ${users} where ${users.isSupervisor} and not exists (select 1 from ${digestSubscriptions} d where d.supervisor_user_id = ${users.id})`,
  );
}

export async function setDigestToken(db: Db, supervisorId: number, tokenHash: string) {
  await db
    .update(digestSubscriptions)
    .set({ unsubscribeTokenHash: tokenHash })
    .where(eq(digestSubscriptions.supervisorUserId, supervisorId));
}

/** Opts out when the token matches; returns whether it did. */
export async function unsubscribeDigest(
  db: Db,
  supervisorId: number,
  tokenHash: string,
  now: Date,
) {
  const rows = await db
    .update(digestSubscriptions)
    .set({ unsubscribedAt: now })
    .where(
      and(
        eq(digestSubscriptions.supervisorUserId, supervisorId),
        eq(digestSubscriptions.unsubscribeTokenHash, tokenHash),
      ),
    )
    .returning({ id: digestSubscriptions.supervisorUserId });
  return rows.length === 1;
}

/** Pending logs per trainee for a supervisor's digest. */
export async function pendingByTrainee(db: Db, supervisorId: number) {
  return db
    .select({
      traineeName: users.name,
      pending: sql<number>`count(*)::int`,
      oldest: sql<string>`min(${experienceLogs.dateOfExperience})::text`,
    })
    .from(experienceLogs)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .innerJoin(users, eq(users.id, experienceLogs.traineeId))
    .where(and(supervisedBy(supervisorId), eq(experienceLogs.status, 'pending')))
    .groupBy(users.id, users.name)
    .orderBy(asc(users.name));
}
