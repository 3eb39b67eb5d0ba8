import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { ImportMapping } from '../../../shared/import/import.schema';
import { ImportMappingSchema } from '../../../shared/import/import.schema';
import type { Db } from '../../db/client';
import {
  experienceLogs,
  importMappings,
  logHistory,
  logTasks,
  type FieldChanges,
} from '../../db/schema';
import { LOG_VALUE_KEYS, type LogValues } from '../logs';

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

/** The live logs' times (overlaps) and record and type (one type per structure's month). */
export function logsBetween(db: Db, traineeId: number, from: string, to: string) {
  return db
    .select({
      id: experienceLogs.id,
      dateOfExperience: experienceLogs.dateOfExperience,
      startMinute: experienceLogs.startMinute,
      endMinute: experienceLogs.endMinute,
      traineeSupervisorId: experienceLogs.traineeSupervisorId,
      experienceTypeId: experienceLogs.experienceTypeId,
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

export type ImportedLog = { values: LogValues; taskIds: readonly string[]; changes: FieldChanges };

const LOG_COLUMNS = LOG_VALUE_KEYS.map((key) => [key, toSnakeCase(key)] as const);

/**
 * One INSERT of all the logs lets the month totals add them at once (migration 0024). The caller
 * runs it in a transaction with the checks: all of them or none.
 */
export async function insertImportedLogs(
  db: Db,
  traineeId: number,
  logs: readonly ImportedLog[],
  now: Date,
): Promise<number> {
  if (logs.length === 0) return 0;
  const json = (of: (log: ImportedLog) => unknown) => JSON.stringify(logs.map(of));
  const values = json((log) =>
    Object.fromEntries(LOG_COLUMNS.map(([key, column]) => [column, log.values[key]])),
  );
  const list = (prefix?: string) =>
    sql.join(
      LOG_COLUMNS.map(([, column]) =>
        prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(column)}` : sql.identifier(column),
      ),
      sql`, `,
    );
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    with input as materialized (
      select nextval(pg_get_serial_sequence('experience_logs', 'id'))::int as id,
        item.task_ids, item.changes, ${list('value')}
      from rows from (
          json_array_elements(${values}::json),
          json_array_elements(${json((log) => log.taskIds)}::json),
          json_array_elements(${json((log) => log.changes)}::json)
        ) with ordinality as item(log, task_ids, changes, n)
        cross join lateral json_populate_record(null::${experienceLogs}, item.log) as value
      order by item.n
    ), logs as (
      insert into ${experienceLogs} (id, trainee_id, status, created_at, updated_at, ${list()})
      select input.id, ${traineeId}, 'pending', ${at}, ${at}, ${list('input')} from input
    ), tasks as (
      insert into ${logTasks} (log_id, task_id, position)
      select input.id, task.id, (task.n - 1)::int
      from input cross join json_array_elements_text(input.task_ids) with ordinality as task(id, n)
    ), history as (
      insert into ${logHistory} (log_id, actor_id, action, changes, created_at)
      select input.id, ${traineeId}, 'import', input.changes::jsonb, ${at} from input
    )
    select count(*) from input`);
  return logs.length;
}
