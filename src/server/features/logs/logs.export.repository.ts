import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  experienceLogs,
  experienceTypes,
  logTasks,
  settings,
  supervisionContacts,
  traineeSupervisors,
} from '../../db/schema';
import { filterConditions, taskIdsColumn, type LogRow } from './logs.records.repository';

/* The pages of a trainee's CSV export (logs.export.ts writes them). */

export type ExportFilter = {
  from?: string | undefined;
  to?: string | undefined;
  taskIds: readonly string[];
};
export type ExportCursor = { date: string; startMinute: number; id: number };

export type ExportLog = {
  id: number;
  dateOfExperience: string;
  startMinute: number;
  endMinute: number;
  experienceTypeId: number;
  experienceTypeName: string | null;
  supervisorName: string;
  supervisorLastname: string;
  settingId: number;
  settingName: string | null;
  experienceMinutes: number;
  independentMinutes: number;
  supervisedMinutes: number;
  individualOrGroup: LogRow['individualOrGroup'];
  methodOfSupervision: LogRow['methodOfSupervision'];
  restrictedMinutes: number;
  unrestrictedMinutes: number;
  clientObservation: LogRow['clientObservation'];
  observationMinutes: number | null;
  supervisionContactName: string | null;
  taskIds: string[];
  experienceNote: string;
  status: LogRow['status'];
  /** UTC, 'YYYY-MM-DD'. */
  statusChangedOn: string | null;
};

const log = experienceLogs;

/** In the order of the row's JSON array. */
const EXPORT_FIELDS: Record<keyof ExportLog, SQLWrapper> = {
  id: log.id,
  dateOfExperience: log.dateOfExperience,
  startMinute: log.startMinute,
  endMinute: log.endMinute,
  experienceTypeId: log.experienceTypeId,
  experienceTypeName: experienceTypes.name,
  supervisorName: traineeSupervisors.name,
  supervisorLastname: traineeSupervisors.lastname,
  settingId: log.settingId,
  settingName: settings.name,
  experienceMinutes: log.experienceMinutes,
  independentMinutes: log.independentMinutes,
  supervisedMinutes: log.supervisedMinutes,
  individualOrGroup: log.individualOrGroup,
  methodOfSupervision: log.methodOfSupervision,
  restrictedMinutes: log.restrictedMinutes,
  unrestrictedMinutes: log.unrestrictedMinutes,
  clientObservation: log.clientObservation,
  observationMinutes: log.observationMinutes,
  supervisionContactName: supervisionContacts.contact,
  taskIds: taskIdsColumn,
  experienceNote: log.experienceNote,
  status: log.status,
  statusChangedOn: sql`(${log.statusChangedAt} at time zone 'UTC')::date`,
};
const FIELD_NAMES = Object.keys(EXPORT_FIELDS) as (keyof ExportLog)[];

/* One JSON array per row rather than 24 columns: the drivers (PGlite most) pay per field. */
const exportRowJson = sql<
  unknown[]
>`json_build_array(${sql.join(Object.values(EXPORT_FIELDS), sql`, `)})`;

function toExportLog(values: unknown[]): ExportLog {
  return Object.fromEntries(FIELD_NAMES.map((name, i) => [name, values[i]])) as ExportLog;
}

/** Keyset pagination: the export never holds every log in memory. */
export async function listExportPage(
  db: Db,
  traineeId: number,
  filter: ExportFilter,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportLog[]> {
  const rows = await db
    .select({ values: exportRowJson })
    .from(log)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, log.traineeSupervisorId))
    .leftJoin(experienceTypes, eq(experienceTypes.id, log.experienceTypeId))
    .leftJoin(settings, eq(settings.id, log.settingId))
    .leftJoin(supervisionContacts, eq(supervisionContacts.id, log.supervisionContactId))
    .where(
      and(
        eq(log.traineeId, traineeId),
        isNull(log.deletedAt),
        ...filterConditions({ from: filter.from, to: filter.to }),
        filter.taskIds.length > 0
          ? sql`exists (select 1 from ${logTasks} where ${logTasks.logId} = ${log.id} and ${logTasks.taskId} in (${sql.join(
              filter.taskIds.map((id) => sql`${id}`),
              sql`, `,
            )}))`
          : undefined,
        cursor
          ? sql`(${log.dateOfExperience}, ${log.startMinute}, ${log.id}) > (${cursor.date}::date, ${cursor.startMinute}, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(asc(log.dateOfExperience), asc(log.startMinute), asc(log.id))
    .limit(limit);
  return rows.map((row) => toExportLog(row.values));
}
