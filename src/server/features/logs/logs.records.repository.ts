import { eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  experienceLogs,
  experienceTypes,
  logTasks,
  settings,
  supervisionContacts,
  traineeSupervisors,
  users,
} from '../../db/schema';

/*
 * How every query reads a log: the row with the names the API shows beside it and its task ids,
 * and the contract's list filters.
 */

export type LogRow = typeof experienceLogs.$inferSelect;

/** A log with what the API shows beside it: names, task ids, the linked supervisor account. */
export type LogRecord = LogRow & {
  traineeName: string;
  experienceTypeName: string | null;
  settingName: string | null;
  supervisorName: string;
  supervisorLastname: string;
  supervisorUserId: number | null;
  supervisionContactName: string | null;
  taskIds: string[];
};

/** A log's task ids, in the order the trainee listed them. */
export const taskIdsColumn = sql<
  string[]
>`coalesce((select array_agg(${logTasks.taskId} order by ${logTasks.position}) from ${logTasks} where ${logTasks.logId} = ${experienceLogs.id}), '{}')`;

/** Logs with their names and task ids; the caller adds the scope and order. */
export function selectRecords(db: Db) {
  return db
    .select({
      log: experienceLogs,
      traineeName: users.name,
      experienceTypeName: experienceTypes.name,
      settingName: settings.name,
      supervisorName: traineeSupervisors.name,
      supervisorLastname: traineeSupervisors.lastname,
      supervisorUserId: traineeSupervisors.supervisorUserId,
      supervisionContactName: supervisionContacts.contact,
      taskIds: taskIdsColumn,
    })
    .from(experienceLogs)
    .innerJoin(users, eq(users.id, experienceLogs.traineeId))
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId))
    .leftJoin(experienceTypes, eq(experienceTypes.id, experienceLogs.experienceTypeId))
    .leftJoin(settings, eq(settings.id, experienceLogs.settingId))
    .leftJoin(supervisionContacts, eq(supervisionContacts.id, experienceLogs.supervisionContactId));
}

type SelectedRecord = Awaited<ReturnType<ReturnType<typeof selectRecords>['where']>>[number];

export function toRecord(row: SelectedRecord): LogRecord {
  return {
    ...row.log,
    traineeName: row.traineeName,
    experienceTypeName: row.experienceTypeName,
    settingName: row.settingName,
    supervisorName: row.supervisorName,
    supervisorLastname: row.supervisorLastname,
    supervisorUserId: row.supervisorUserId,
    supervisionContactName: row.supervisionContactName,
    taskIds: row.taskIds,
  };
}

export type LogFilters = {
  status?: LogRow['status'] | undefined;
  /** 'YYYY-MM' */
  month?: string | undefined;
  date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The conditions of the list filters (undefined where a filter is not set). */
export function filterConditions(filters: LogFilters): (SQL | undefined)[] {
  const monthStart = filters.month ? `${filters.month}-01` : undefined;
  return [
    filters.status ? eq(experienceLogs.status, filters.status) : undefined,
    filters.date ? eq(experienceLogs.dateOfExperience, filters.date) : undefined,
    monthStart ? gte(experienceLogs.dateOfExperience, monthStart) : undefined,
    monthStart
      ? lt(experienceLogs.dateOfExperience, sql`(${monthStart}::date + interval '1 month')::date`)
      : undefined,
    filters.from ? gte(experienceLogs.dateOfExperience, filters.from) : undefined,
    filters.to ? lte(experienceLogs.dateOfExperience, filters.to) : undefined,
  ];
}
