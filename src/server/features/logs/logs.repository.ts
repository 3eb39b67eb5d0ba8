import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, logTasks } from '../../db/schema';
import { selectRecords, type LogRecord, type LogRow } from './logs.records.repository';

/*
 * The trainee's own logs: reads scoped to the trainee, and every write. How a log is read, its
 * history, the export pages and the supervisor's scope live beside this file; what other modules
 * use of them is exported from here, the feature's repository.
 */
export type { LogFilters, LogRecord, LogRow } from './logs.records.repository';
export { addHistory, listHistory, type HistoryAction } from './logs.history.repository';
export { listExportPage, type ExportCursor, type ExportFilter } from './logs.export.repository';
export { listForSupervisor, supervisedBy } from './logs.supervisor.repository';

/** The columns a trainee writes (everything but identity, status and timestamps). */
export type LogValues = Pick<
  LogRow,
  | 'traineeSupervisorId'
  | 'experienceTypeId'
  | 'settingId'
  | 'dateOfExperience'
  | 'startMinute'
  | 'endMinute'
  | 'experienceMinutes'
  | 'unrestrictedMinutes'
  | 'restrictedMinutes'
  | 'individualOrGroup'
  | 'methodOfSupervision'
  | 'supervisionStartMinute'
  | 'supervisionEndMinute'
  | 'supervisedMinutes'
  | 'independentMinutes'
  | 'clientObservation'
  | 'observationMinutes'
  | 'supervisionContactId'
  | 'experienceNote'
>;

/** One of the trainee's logs (a deleted one only when asked). */
export async function findForTrainee(
  db: Db,
  traineeId: number,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<LogRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(
      and(
        eq(experienceLogs.id, id),
        eq(experienceLogs.traineeId, traineeId),
        options.includeDeleted ? undefined : isNull(experienceLogs.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The trainee's deleted logs still within the recovery window. */
export async function listDeletedSince(
  db: Db,
  traineeId: number,
  since: Date,
): Promise<LogRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        eq(experienceLogs.traineeId, traineeId),
        isNotNull(experienceLogs.deletedAt),
        gt(experienceLogs.deletedAt, since),
      ),
    )
    .orderBy(desc(experienceLogs.deletedAt));
  return rows;
}

/** Another live log of the trainee on that date whose times overlap [start, end). */
export async function findOverlapping(
  db: Db,
  traineeId: number,
  slot: { date: string; startMinute: number; endMinute: number; excludeId?: number | undefined },
): Promise<Pick<LogRow, 'id' | 'dateOfExperience' | 'startMinute' | 'endMinute'> | undefined> {
  const [row] = await db
    .select({
      id: experienceLogs.id,
      dateOfExperience: experienceLogs.dateOfExperience,
      startMinute: experienceLogs.startMinute,
      endMinute: experienceLogs.endMinute,
    })
    .from(experienceLogs)
    .where(
      and(
        eq(experienceLogs.traineeId, traineeId),
        eq(experienceLogs.dateOfExperience, slot.date),
        isNull(experienceLogs.deletedAt),
        lt(experienceLogs.startMinute, slot.endMinute),
        gt(experienceLogs.endMinute, slot.startMinute),
        slot.excludeId === undefined ? undefined : ne(experienceLogs.id, slot.excludeId),
      ),
    )
    .orderBy(asc(experienceLogs.startMinute))
    .limit(1);
  return row;
}

export async function insertLog(
  db: Db,
  traineeId: number,
  values: LogValues,
  now: Date,
): Promise<LogRow> {
  const [row] = await db
    .insert(experienceLogs)
    .values({ ...values, traineeId, status: 'pending', createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Writes new values and sets the log back to pending, only while it is not approved (a
 * conditional update: an approval that lands first wins). Returns whether it was written.
 */
export async function updateUnapprovedLog(
  db: Db,
  traineeId: number,
  id: number,
  values: LogValues,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(experienceLogs)
    .set({ ...values, status: 'pending', flagData: {}, updatedAt: now })
    .where(
      and(
        eq(experienceLogs.id, id),
        eq(experienceLogs.traineeId, traineeId),
        isNull(experienceLogs.deletedAt),
        ne(experienceLogs.status, 'approved'),
      ),
    )
    .returning({ id: experienceLogs.id });
  return rows.length === 1;
}

export async function replaceTasks(db: Db, logId: number, taskIds: string[]): Promise<void> {
  await db.delete(logTasks).where(eq(logTasks.logId, logId));
  if (taskIds.length > 0) {
    await db
      .insert(logTasks)
      .values(taskIds.map((taskId, position) => ({ logId, taskId, position })));
  }
}

/** Soft-deletes an unapproved log; returns whether it did. */
export async function softDelete(
  db: Db,
  traineeId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(experienceLogs)
    .set({ deletedAt: now })
    .where(
      and(
        eq(experienceLogs.id, id),
        eq(experienceLogs.traineeId, traineeId),
        isNull(experienceLogs.deletedAt),
        ne(experienceLogs.status, 'approved'),
      ),
    )
    .returning({ id: experienceLogs.id });
  return rows.length === 1;
}

export async function restore(
  db: Db,
  traineeId: number,
  id: number,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .update(experienceLogs)
    .set({ deletedAt: null })
    .where(
      and(
        eq(experienceLogs.id, id),
        eq(experienceLogs.traineeId, traineeId),
        gt(experienceLogs.deletedAt, since),
      ),
    )
    .returning({ id: experienceLogs.id });
  return rows.length === 1;
}
