import { eq, getTableColumns, gte, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SUPERVISION_CONTACTS } from '../../../shared/logs/rule-sets';
import { EXPERIENCE_TYPES, SETTINGS } from '../../../shared/reference/lookups';
import { experienceLogs, logTasks, traineeSupervisors, users } from '../../db/schema';

export type LogRow = typeof experienceLogs.$inferSelect;

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

/** In the order the trainee listed them. */
export const taskIdsColumn = sql<
  string[]
>`coalesce((select array_agg(${logTasks.taskId} order by ${logTasks.position}) from ${logTasks} where ${logTasks.logId} = ${experienceLogs.id}), '{}')`;

/** Written into the query from the seed lists: a join's names without three more tables to plan. */
function referenceName(column: SQLWrapper, items: readonly { id: number; name: string }[]) {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const cases = items.map((item) => `when ${item.id} then ${quote(item.name)}`).join(' ');
  return sql<string | null>`(case ${column} ${sql.raw(cases)} end)`;
}

/** `log` is the table or a CTE of its rows; users and trainee_supervisors must be joined. */
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

const recordNames = { ...namesOf(experienceLogs), taskIds: taskIdsColumn };

export const recordColumns = { ...getTableColumns(experienceLogs), ...recordNames };

const utcText = (column: SQLWrapper) => sql`(${column} at time zone 'UTC')::text`;

/**
 * Read as the driver parses them: no generic row mapping of some 700 values a page, and no Date
 * made and printed back per timestamp.
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

export type PageRecord = Omit<
  LogRecord,
  'statusChangedBy' | 'statusChangedAt' | 'createdAt' | 'updatedAt' | 'deletedAt'
> & {
  statusChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
};

/** The caller adds the scope and order; `source` may be a `db.with(…)` builder. */
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

const traineeOfLog = eq(users.id, experienceLogs.traineeId);
const recordOfLog = eq(traineeSupervisors.id, experienceLogs.traineeSupervisorId);

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
