import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { traineeSupervisors, users } from '../../db/schema';
import { hasRemoved, supervises } from './supervision-scope';

const waitingRecord = alias(traineeSupervisors, 'ts');

/** Removed trainees included and flagged. */
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
