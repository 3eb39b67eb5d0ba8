import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { monthlyDocuments, traineeSupervisors, users } from '../../db/schema';

export type MonthlyDocumentRow = typeof monthlyDocuments.$inferSelect;
/** A stored agenda with the supervisor's name to show (the trainee's record, else the writer). */
export type MonthlyDocumentRecord = MonthlyDocumentRow & { supervisorName: string };

/**
 * Whose agendas a query reads: a trainee's own, or (with `writerId`) only those the asking
 * supervisor wrote for that trainee.
 */
export type AgendaScope = { traineeId: number; writerId?: number | undefined };

const writers = alias(users, 'writers');

function selectRecords(db: Db) {
  return db
    .select({
      row: monthlyDocuments,
      recordName: traineeSupervisors.name,
      recordLastname: traineeSupervisors.lastname,
      writerName: writers.name,
    })
    .from(monthlyDocuments)
    .leftJoin(traineeSupervisors, eq(traineeSupervisors.id, monthlyDocuments.traineeSupervisorId))
    .leftJoin(writers, eq(writers.id, monthlyDocuments.supervisorUserId));
}

function toRecord(found: {
  row: MonthlyDocumentRow;
  recordName: string | null;
  recordLastname: string | null;
  writerName: string | null;
}): MonthlyDocumentRecord {
  const recordName = [found.recordName, found.recordLastname].filter(Boolean).join(' ');
  return { ...found.row, supervisorName: recordName || found.writerName || '' };
}

const inScope = (scope: AgendaScope) =>
  and(
    eq(monthlyDocuments.traineeId, scope.traineeId),
    scope.writerId === undefined
      ? undefined
      : eq(monthlyDocuments.supervisorUserId, scope.writerId),
  );

/** Ends included. */
export async function list(
  db: Db,
  scope: AgendaScope,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<MonthlyDocumentRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        inScope(scope),
        range.from ? gte(monthlyDocuments.date, range.from) : undefined,
        range.to ? lte(monthlyDocuments.date, range.to) : undefined,
      ),
    )
    .orderBy(asc(monthlyDocuments.date), asc(monthlyDocuments.id));
  return rows.map(toRecord);
}

export async function find(
  db: Db,
  scope: AgendaScope,
  id: number,
): Promise<MonthlyDocumentRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(and(eq(monthlyDocuments.id, id), inScope(scope)))
    .limit(1);
  return row ? toRecord(row) : undefined;
}

/** The trainee of an agenda the supervisor wrote (to check the link before anything else). */
export async function findTraineeOfWriter(
  db: Db,
  writerId: number,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ traineeId: monthlyDocuments.traineeId })
    .from(monthlyDocuments)
    .where(and(eq(monthlyDocuments.id, id), eq(monthlyDocuments.supervisorUserId, writerId)))
    .limit(1);
  return row?.traineeId;
}

/** The trainee's records of this supervisor account (what `supervisor` may name), oldest first. */
export async function recordsOfSupervisor(
  db: Db,
  traineeId: number,
  supervisorUserId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: traineeSupervisors.id })
    .from(traineeSupervisors)
    .where(
      and(
        eq(traineeSupervisors.traineeId, traineeId),
        eq(traineeSupervisors.supervisorUserId, supervisorUserId),
      ),
    )
    .orderBy(asc(traineeSupervisors.id));
  return rows.map((row) => row.id);
}

/** `isNew`: PostgreSQL's xmax is 0 on a fresh insert. */
export async function upsert(
  db: Db,
  values: {
    traineeId: number;
    supervisorUserId: number;
    traineeSupervisorId: number;
    date: string;
    document: Record<string, unknown>;
    now: Date;
  },
): Promise<{ id: number; isNew: boolean }> {
  const { now, ...row } = values;
  const [saved] = await db
    .insert(monthlyDocuments)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [
        monthlyDocuments.traineeId,
        monthlyDocuments.supervisorUserId,
        monthlyDocuments.date,
      ],
      set: {
        traineeSupervisorId: row.traineeSupervisorId,
        document: row.document,
        updatedAt: now,
      },
    })
    .returning({ id: monthlyDocuments.id, isNew: sql<boolean>`(xmax = 0)` });
  if (!saved) throw new Error('the agenda was not written');
  return saved;
}
