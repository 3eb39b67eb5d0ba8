import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { LinkStatus } from '../../../shared/supervisors/trainee-supervisor.schema';
import type { Db } from '../../db/client';
import { supervisorLinkRequests, traineeSupervisors, users } from '../../db/schema';

const requests = supervisorLinkRequests;

/**
 * Issue 36: a declined request stays declined (listing the email again, after deleting the
 * record or changing its email, mails nobody); one whose record was deleted starts again.
 */
export async function askForRecords(
  db: Db,
  supervisorUserId: number,
  records: readonly { id: number; traineeId: number }[],
  now: Date,
): Promise<{ recordId: number | null; status: LinkStatus }[]> {
  if (records.length === 0) return [];
  const wasDeclined = sql`${requests.status} = 'declined'`;
  return db
    .insert(requests)
    .values(
      records.map((record) => ({
        traineeId: record.traineeId,
        supervisorUserId,
        traineeSupervisorId: record.id,
        status: 'pending' as const,
        requestedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [requests.traineeId, requests.supervisorUserId],
      set: {
        traineeSupervisorId: sql`excluded.trainee_supervisor_id`,
        status: sql`case when ${wasDeclined} then 'declined' else 'pending' end`,
        requestedAt: sql`case when ${wasDeclined} then ${requests.requestedAt} else excluded.requested_at end`,
        answeredAt: sql`case when ${wasDeclined} then ${requests.answeredAt} else null end`,
      },
    })
    .returning({ recordId: requests.traineeSupervisorId, status: requests.status });
}

export function unlinkedRecordsWithEmail(db: Db, email: string) {
  return db
    .select({ id: traineeSupervisors.id, traineeId: traineeSupervisors.traineeId })
    .from(traineeSupervisors)
    .where(and(eq(traineeSupervisors.email, email), isNull(traineeSupervisors.supervisorUserId)));
}

/** A declined request stays the pair's answer, no longer the record's. */
export async function withdrawForRecord(db: Db, recordId: number): Promise<void> {
  await db
    .delete(requests)
    .where(and(eq(requests.traineeSupervisorId, recordId), eq(requests.status, 'pending')));
  await db
    .update(requests)
    .set({ traineeSupervisorId: null })
    .where(eq(requests.traineeSupervisorId, recordId));
}

/** For the test hooks' accounts. */
export async function insertAccepted(
  db: Db,
  values: { traineeId: number; supervisorUserId: number; recordId: number; now: Date },
): Promise<void> {
  await db.insert(requests).values({
    traineeId: values.traineeId,
    supervisorUserId: values.supervisorUserId,
    traineeSupervisorId: values.recordId,
    status: 'accepted',
    requestedAt: values.now,
    answeredAt: values.now,
  });
}

/** A request whose trainee ended the record's access is no one's to answer. */
function answerableBy(db: Db, supervisorUserId: number, which: SQL) {
  return db
    .select({
      id: requests.id,
      recordId: traineeSupervisors.id,
      status: requests.status,
      requestedAt: requests.requestedAt,
      traineeName: users.name,
      traineeEmail: users.email,
    })
    .from(requests)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, requests.traineeSupervisorId))
    .innerJoin(users, eq(users.id, requests.traineeId))
    .where(
      and(
        eq(requests.supervisorUserId, supervisorUserId),
        isNull(traineeSupervisors.accessEndedAt),
        which,
      ),
    );
}

export type AnswerableRequest = Awaited<ReturnType<typeof answerableBy>>[number];

export function listPendingFor(db: Db, supervisorUserId: number): Promise<AnswerableRequest[]> {
  return answerableBy(db, supervisorUserId, eq(requests.status, 'pending')).orderBy(
    asc(requests.requestedAt),
    asc(requests.id),
  );
}

export async function findAnswerable(
  db: Db,
  supervisorUserId: number,
  id: number,
): Promise<AnswerableRequest | undefined> {
  const [row] = await answerableBy(db, supervisorUserId, eq(requests.id, id)).limit(1);
  return row;
}

/** False when another answer came first. */
export async function answer(
  db: Db,
  id: number,
  status: 'accepted' | 'declined',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ status, answeredAt: now })
    .where(and(eq(requests.id, id), eq(requests.status, 'pending')))
    .returning({ id: requests.id });
  return rows.length > 0;
}

export async function linkRecord(db: Db, recordId: number, supervisorUserId: number) {
  await db
    .update(traineeSupervisors)
    .set({ supervisorUserId })
    .where(and(eq(traineeSupervisors.id, recordId), isNull(traineeSupervisors.supervisorUserId)));
}
