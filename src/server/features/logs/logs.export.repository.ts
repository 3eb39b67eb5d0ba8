import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, logTasks } from '../../db/schema';
import { filterConditions, selectRecords, type LogRecord } from './logs.records.repository';

/* The pages of a trainee's CSV export (logs.export.ts writes them). */

export type ExportFilter = {
  from?: string | undefined;
  to?: string | undefined;
  taskIds: readonly string[];
};
export type ExportCursor = { date: string; startMinute: number; id: number };

/**
 * One page of the trainee's live logs for an export, oldest first, after `cursor` (keyset
 * pagination: the export streams page by page and never holds every log in memory).
 */
export async function listExportPage(
  db: Db,
  traineeId: number,
  filter: ExportFilter,
  cursor: ExportCursor | null,
  limit: number,
): Promise<LogRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        eq(experienceLogs.traineeId, traineeId),
        isNull(experienceLogs.deletedAt),
        ...filterConditions({ from: filter.from, to: filter.to }),
        filter.taskIds.length > 0
          ? sql`exists (select 1 from ${logTasks} where ${logTasks.logId} = ${experienceLogs.id} and ${logTasks.taskId} in (${sql.join(
              filter.taskIds.map((id) => sql`${id}`),
              sql`, `,
            )}))`
          : undefined,
        cursor
          ? sql`(${experienceLogs.dateOfExperience}, ${experienceLogs.startMinute}, ${experienceLogs.id}) > (${cursor.date}::date, ${cursor.startMinute}, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(
      asc(experienceLogs.dateOfExperience),
      asc(experienceLogs.startMinute),
      asc(experienceLogs.id),
    )
    .limit(limit);
  return rows;
}
