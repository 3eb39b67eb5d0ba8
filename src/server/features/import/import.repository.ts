import { and, asc, between, eq, isNull } from 'drizzle-orm';
import type { ImportMapping } from '../../../shared/import/import.schema';
import { ImportMappingSchema } from '../../../shared/import/import.schema';
import type { Db } from '../../db/client';
import {
  experienceLogs,
  importMappings,
  logHistory,
  logTasks,
  monthSignoffs,
  type FieldChanges,
} from '../../db/schema';
import type { LogValues } from '../logs/logs.repository';

/** The mapping the user saved at their last import of their own layout, if any. */
export async function findMapping(db: Db, userId: number): Promise<ImportMapping | null> {
  const [row] = await db
    .select({ columns: importMappings.columns })
    .from(importMappings)
    .where(eq(importMappings.userId, userId));
  const parsed = row ? ImportMappingSchema.safeParse(row.columns) : null;
  return parsed?.success ? parsed.data : null;
}

export async function saveMapping(
  db: Db,
  userId: number,
  mapping: ImportMapping,
  now: Date,
): Promise<void> {
  const columns = Object.fromEntries(
    Object.entries(mapping).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  await db
    .insert(importMappings)
    .values({ userId, columns, updatedAt: now })
    .onConflictDoUpdate({ target: importMappings.userId, set: { columns, updatedAt: now } });
}

/** The months ('YYYY-MM') of the trainee's a supervisor has signed off and not reopened. */
export async function signedMonths(db: Db, traineeId: number): Promise<Set<string>> {
  const rows = await db
    .select({ month: monthSignoffs.month })
    .from(monthSignoffs)
    .where(and(eq(monthSignoffs.traineeId, traineeId), isNull(monthSignoffs.reopenedAt)));
  return new Set(rows.map((row) => row.month));
}

/** The date and times of the trainee's live logs between two dates (inclusive). */
export function logWindowsBetween(db: Db, traineeId: number, from: string, to: string) {
  return db
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
        isNull(experienceLogs.deletedAt),
        between(experienceLogs.dateOfExperience, from, to),
      ),
    )
    .orderBy(asc(experienceLogs.dateOfExperience), asc(experienceLogs.startMinute));
}

/** Logs per INSERT: well under PostgreSQL's 65,535 parameters a statement (25 a log). */
const BATCH = 1000;

/** An imported log: its values, tasks and what its history records. */
export type ImportedLog = { values: LogValues; taskIds: readonly string[]; changes: FieldChanges };

/**
 * Writes the logs (pending), their tasks and an 'import' history entry each, a batch of rows per
 * statement. The caller runs it in a transaction: all of them or none. `onBatch` hears how many
 * are written so far.
 */
export async function insertImportedLogs(
  db: Db,
  traineeId: number,
  logs: readonly ImportedLog[],
  now: Date,
): Promise<number> {
  let written = 0;
  for (let offset = 0; offset < logs.length; offset += BATCH) {
    const batch = logs.slice(offset, offset + BATCH);
    const ids = await db
      .insert(experienceLogs)
      .values(
        batch.map((log) => ({
          ...log.values,
          traineeId,
          status: 'pending' as const,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: experienceLogs.id });
    const tasks = batch.flatMap((log, index) =>
      log.taskIds.map((taskId, position) => ({ logId: ids[index]!.id, taskId, position })),
    );
    for (let from = 0; from < tasks.length; from += BATCH * 4) {
      await db.insert(logTasks).values(tasks.slice(from, from + BATCH * 4));
    }
    await db.insert(logHistory).values(
      batch.map((log, index) => ({
        logId: ids[index]!.id,
        actorId: traineeId,
        action: 'import' as const,
        changes: log.changes,
        createdAt: now,
      })),
    );
    written += batch.length;
  }
  return written;
}
