import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { removedTrainees, traineeSupervisors, users } from '../../db/schema';

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
