import { eq, getTableColumns, gte, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SUPERVISION_CONTACTS } from '../../../shared/logs/rule-sets';
import { EXPERIENCE_TYPES, SETTINGS } from '../../../shared/reference/lookups';
import { experienceLogs, logTasks, traineeSupervisors, users } from '../../db/schema';

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

/**
 * A reference name by id, written into the query from the shared lists the reference tables are
 * seeded from (scripts/reference-seed.ts): the same names as a join, without three more tables
 * for the planner to order on every list.
 */
function referenceName(column: SQLWrapper, items: readonly { id: number; name: string }[]) {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const cases = items.map((item) => `when ${item.id} then ${quote(item.name)}`).join(' ');
  return sql<string | null>`(case ${column} ${sql.raw(cases)} end)`;
}

/**
 * What the API shows beside a log's own columns but its task ids, for a log read from `log` (the
 * table, or a CTE of its rows); users and trainee_supervisors must be joined.
 */
export function namesOf(log: {
  experienceTypeId: SQLWrapper;
  settingId: SQLWrapper;
  supervisionContactId: SQLWrapper;
}) {
  return {
    traineeName: users.name,
    experienceTypeName: referenceName(log.experienceTypeId, EXPERIENCE_TYPES),
    settingName: referenceName(log.settingId, SETTINGS),
    supervisorName: traineeSupervisors.name,
    supervisorLastname: traineeSupervisors.lastname,
    supervisorUserId: traineeSupervisors.supervisorUserId,
    supervisionContactName: referenceName(
      log.supervisionContactId,
      SUPERVISION_CONTACTS.map((kind) => ({ id: kind.id, name: kind.contact })),
    ),
  };
}

/** What the API shows beside a log's own columns. */
const recordNames = { ...namesOf(experienceLogs), taskIds: taskIdsColumn };

/** A log's columns and names flat, as a LogRecord (no reshaping after the query). */
export const recordColumns = { ...getTableColumns(experienceLogs), ...recordNames };

/** A timestamp as UTC text, 'YYYY-MM-DD HH:MM:SS[.ffffff]' (isoOfUtcText reads it). */
const utcText = (column: SQLWrapper) => sql`(${column} at time zone 'UTC')::text`;

/**
 * What a list page reads of a log: a LogRecord's values (but the one the API never shows), each
 * under its LogRecord name, the date and timestamps as text. The page reads them as the driver
 * parses them (the statement's `all`): no generic row mapping of some 700 values a page, and no
 * Date made and printed back per timestamp.
 */
const {
  statusChangedBy: _statusChangedBy,
  dateOfExperience: _dateOfExperience,
  statusChangedAt: _statusChangedAt,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  deletedAt: _deletedAt,
  ...plainColumns
} = recordColumns;
const pageColumns: Record<string, SQLWrapper> = {
  ...plainColumns,
  dateOfExperience: sql`${experienceLogs.dateOfExperience}::text`,
  statusChangedAt: utcText(experienceLogs.statusChangedAt),
  createdAt: utcText(experienceLogs.createdAt),
  updatedAt: utcText(experienceLogs.updatedAt),
  deletedAt: utcText(experienceLogs.deletedAt),
};
export const pageRecordColumns = Object.fromEntries(
  Object.entries(pageColumns).map(([key, value]) => [key, sql`${value}`.as(key)]),
);

/** A log as a list page reads it: its timestamps as UTC text. */
export type PageRecord = Omit<
  LogRecord,
  'statusChangedBy' | 'statusChangedAt' | 'createdAt' | 'updatedAt' | 'deletedAt'
> & {
  statusChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
};

/**
 * Logs with their names and task ids, each row a LogRecord; the caller adds the scope and order.
 * `source` may be a `db.with(…)` builder (a page of ids to join).
 */
export function selectRecords(
  source: Pick<Db, 'select'>,
  extra: { count?: SQL.Aliased<number> } = {},
) {
  return source
    .select({ ...recordColumns, ...extra })
    .from(experienceLogs)
    .innerJoin(users, traineeOfLog)
    .innerJoin(traineeSupervisors, recordOfLog);
}

/** The joins namesOf reads: the log's trainee, and its supervisor record. */
const traineeOfLog = eq(users.id, experienceLogs.traineeId);
const recordOfLog = eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId);

/** selectRecords for a list page: PageRecords with the page's count, read with `all`. */
export function selectPageRecords(
  source: Pick<Db, 'select'>,
  extra: { count: SQL.Aliased<number> },
) {
  return source
    .select({ ...pageRecordColumns, ...extra })
    .from(experienceLogs)
    .innerJoin(users, traineeOfLog)
    .innerJoin(traineeSupervisors, recordOfLog);
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
