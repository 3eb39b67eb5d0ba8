import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { monthForms, paperForms, recordFiles, traineeSupervisors } from '../../db/schema';

export type RecordFileRow = typeof recordFiles.$inferSelect;
export type RecordFileValues = Omit<
  typeof recordFiles.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;
export type RecordFileRecord = RecordFileRow & {
  supervisorName: string;
  /** The flattened M-FVF of a form both signed in the app (not voided): it stays as signed. */
  signedInApp: boolean;
  /** The scan of a live paper form (decision 024): it is removed with the paper form. */
  isPaperForm: boolean;
  /** A supervisor reads it as they read that form: only if it names them. */
  isSupervisorsForm: boolean;
  supervisorUserId: number | null;
};

function selectRecords(db: Db) {
  return db
    .select({
      file: recordFiles,
      supervisorName: traineeSupervisors.name,
      supervisorLastname: traineeSupervisors.lastname,
      signedInApp: sql<boolean>`exists (select 1 from ${monthForms} where ${monthForms.recordFileId} = ${recordFiles.id} and ${monthForms.voidedAt} is null)`,
      isPaperForm: sql<boolean>`exists (select 1 from ${paperForms} where ${paperForms.recordFileId} = ${recordFiles.id} and ${paperForms.deletedAt} is null and ${paperForms.voidedAt} is null)`,
      isSupervisorsForm: sql<boolean>`(exists (select 1 from ${monthForms} where ${monthForms.recordFileId} = ${recordFiles.id}) or exists (select 1 from ${paperForms} where ${paperForms.recordFileId} = ${recordFiles.id}))`,
      supervisorUserId: traineeSupervisors.supervisorUserId,
    })
    .from(recordFiles)
    .leftJoin(traineeSupervisors, eq(traineeSupervisors.id, recordFiles.traineeSupervisorId));
}

function toRecord(row: {
  file: RecordFileRow;
  supervisorName: string | null;
  supervisorLastname: string | null;
  signedInApp: boolean;
  isPaperForm: boolean;
  isSupervisorsForm: boolean;
  supervisorUserId: number | null;
}): RecordFileRecord {
  const name = [row.supervisorName, row.supervisorLastname].filter(Boolean).join(' ');
  return {
    ...row.file,
    supervisorName: name,
    signedInApp: row.signedInApp,
    isPaperForm: row.isPaperForm,
    isSupervisorsForm: row.isSupervisorsForm,
    supervisorUserId: row.supervisorUserId,
  };
}

export async function listForTrainee(db: Db, traineeId: number): Promise<RecordFileRecord[]> {
  const rows = await selectRecords(db)
    .where(and(eq(recordFiles.traineeId, traineeId), isNull(recordFiles.deletedAt)))
    .orderBy(desc(recordFiles.formDate), desc(recordFiles.createdAt), desc(recordFiles.id));
  return rows.map(toRecord);
}

export async function listDeletedSince(
  db: Db,
  traineeId: number,
  since: Date,
): Promise<RecordFileRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        eq(recordFiles.traineeId, traineeId),
        isNotNull(recordFiles.deletedAt),
        gt(recordFiles.deletedAt, since),
      ),
    )
    .orderBy(desc(recordFiles.deletedAt), desc(recordFiles.id));
  return rows.map(toRecord);
}

export async function findForTrainee(
  db: Db,
  traineeId: number,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<RecordFileRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(
      and(
        eq(recordFiles.id, id),
        eq(recordFiles.traineeId, traineeId),
        options.includeDeleted ? undefined : isNull(recordFiles.deletedAt),
      ),
    )
    .limit(1);
  return row ? toRecord(row) : undefined;
}

/** A live file by id alone: the caller checks who may read it. */
export async function findLive(db: Db, id: number): Promise<RecordFileRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(and(eq(recordFiles.id, id), isNull(recordFiles.deletedAt)))
    .limit(1);
  return row ? toRecord(row) : undefined;
}

/** Deleted files too: they stay, for audits. */
export async function storedBytesOf(db: Db, traineeId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${recordFiles.sizeBytes}), 0)`.mapWith(Number) })
    .from(recordFiles)
    .where(eq(recordFiles.traineeId, traineeId));
  return row?.bytes ?? 0;
}

export async function insert(db: Db, values: RecordFileValues): Promise<number> {
  const [row] = await db.insert(recordFiles).values(values).returning({ id: recordFiles.id });
  if (!row) throw new Error('record file insert returned nothing');
  return row.id;
}

async function updateLive(
  db: Db,
  traineeId: number,
  id: number,
  values: Partial<typeof recordFiles.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(recordFiles)
    .set(values)
    .where(
      and(
        eq(recordFiles.id, id),
        eq(recordFiles.traineeId, traineeId),
        isNull(recordFiles.deletedAt),
      ),
    )
    .returning({ id: recordFiles.id });
  return rows.length === 1;
}

export function update(
  db: Db,
  traineeId: number,
  id: number,
  values: Partial<RecordFileValues> & { updatedAt: Date },
): Promise<boolean> {
  return updateLive(db, traineeId, id, values);
}

export function softDelete(db: Db, traineeId: number, id: number, now: Date): Promise<boolean> {
  return updateLive(db, traineeId, id, { deletedAt: now });
}

export async function restore(
  db: Db,
  traineeId: number,
  id: number,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .update(recordFiles)
    .set({ deletedAt: null })
    .where(
      and(
        eq(recordFiles.id, id),
        eq(recordFiles.traineeId, traineeId),
        gt(recordFiles.deletedAt, since),
      ),
    )
    .returning({ id: recordFiles.id });
  return rows.length === 1;
}
