import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supervisedBy } from '../logs';
import { digestSubscriptions, experienceLogs, traineeSupervisors, users } from '../../db/schema';
import { supervises } from '../supervisors';

/** Supervisors with trainees linked whose digest is due, claimed so another instance skips them. */
/** Which supervisors' digests are due: not unsubscribed, not sent since `dueBefore`, a trainee. */
function isDue(dueBefore: Date) {
  return and(
    isNull(digestSubscriptions.unsubscribedAt),
    sql`(${digestSubscriptions.lastSentAt} is null or ${digestSubscriptions.lastSentAt} < ${dueBefore.toISOString()}::timestamptz)`,
    // A trainee the supervisor may see: logs waiting, an at-risk month or an unsigned form
    // can only be theirs (the digest itself looks at each).
    sql`exists (select 1 from ${traineeSupervisors} where ${supervises(digestSubscriptions.supervisorUserId)})`,
  );
}

/** The supervisors whose digest is due (read only: each is claimed on its own). */
export async function listDueDigests(db: Db, dueBefore: Date) {
  return db
    .select({ supervisorUserId: digestSubscriptions.supervisorUserId })
    .from(digestSubscriptions)
    .where(isDue(dueBefore));
}

/**
 * Claims one supervisor's digest for `now` by a conditional update: of several instances (or
 * reruns), one claims it; false when it was not due any more.
 */
export async function claimDigest(
  db: Db,
  supervisorUserId: number,
  now: Date,
  dueBefore: Date,
): Promise<boolean> {
  const claimed = await db
    .update(digestSubscriptions)
    .set({ lastSentAt: now })
    .where(and(eq(digestSubscriptions.supervisorUserId, supervisorUserId), isDue(dueBefore)))
    .returning({ supervisorUserId: digestSubscriptions.supervisorUserId });
  return claimed.length > 0;
}

/**
 * Gives every supervisor a digest row. The placeholder hash is never a SHA-256 of any token
 * (it is 32 characters, a SHA-256 is 64), so no link works until a digest sets a real one. Two
 * instances running it at once both find a new supervisor rowless: the second insert gives way.
 */
export async function ensureDigestRows(db: Db): Promise<void> {
  await db.execute(
    sql`insert into ${digestSubscriptions} (supervisor_user_id, unsubscribe_token_hash) select ${users.id}, md5(random()::text) from ${users} where ${users.isSupervisor} and not exists (select 1 from ${digestSubscriptions} d where d.supervisor_user_id = ${users.id}) on conflict do nothing`,
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
