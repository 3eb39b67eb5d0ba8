import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  experienceLogs,
  experienceTypes,
  logHistory,
  logTasks,
  settings,
  supervisionContacts,
  removedTrainees,
  traineeSupervisors,
  users,
  type FieldChanges,
} from '../../db/schema';

export type LogRow = typeof experienceLogs.$inferSelect;

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

const taskIdsColumn = sql<
  string[]
>`coalesce((select array_agg(${logTasks.taskId} order by ${logTasks.position}) from ${logTasks} where ${logTasks.logId} = ${experienceLogs.id}), '{}')`;

function selectRecords(db: Db) {
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

function toRecord(row: SelectedRecord): LogRecord {
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

function filterConditions(filters: LogFilters): (SQL | undefined)[] {
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

/** The trainee's live logs, newest first. */
export async function listForTrainee(
  db: Db,
  traineeId: number,
  filters: LogFilters,
): Promise<LogRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        eq(experienceLogs.traineeId, traineeId),
        isNull(experienceLogs.deletedAt),
        ...filterConditions(filters),
      ),
    )
    .orderBy(
      desc(experienceLogs.dateOfExperience),
      desc(experienceLogs.startMinute),
      desc(experienceLogs.id),
    );
  return rows.map(toRecord);
}

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
  return row ? toRecord(row) : undefined;
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
  return rows.map(toRecord);
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

export type HistoryAction = (typeof logHistory.$inferInsert)['action'];

export async function addHistory(
  db: Db,
  entry: {
    logId: number;
    actorId: number;
    action: HistoryAction;
    changes: FieldChanges;
    now: Date;
  },
): Promise<void> {
  await db.insert(logHistory).values({
    logId: entry.logId,
    actorId: entry.actorId,
    action: entry.action,
    changes: entry.changes,
    createdAt: entry.now,
  });
}

/** A log's history, oldest first, with who did each step. */
export function listHistory(db: Db, logId: number) {
  return db
    .select({
      id: logHistory.id,
      action: logHistory.action,
      changes: logHistory.changes,
      createdAt: logHistory.createdAt,
      actorId: logHistory.actorId,
      actorName: users.name,
    })
    .from(logHistory)
    .leftJoin(users, eq(users.id, logHistory.actorId))
    .where(eq(logHistory.logId, logId))
    .orderBy(asc(logHistory.createdAt), asc(logHistory.id));
}

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
  return rows.map(toRecord);
}

/**
 * The scope of every supervisor query: live logs whose supervisor record is linked to this
 * account, of trainees the supervisor has not removed. Needs trainee_supervisors joined.
 */
export function supervisedBy(supervisorId: number): SQL | undefined {
  return and(
    eq(traineeSupervisors.supervisorUserId, supervisorId),
    isNull(experienceLogs.deletedAt),
    notExists(
      sql`(select 1 from ${removedTrainees} where ${removedTrainees.supervisorUserId} = ${supervisorId} and ${removedTrainees.traineeId} = ${experienceLogs.traineeId})`,
    ),
  );
}

/** The supervisor's visible logs with the filters, newest first. */
export async function listForSupervisor(
  db: Db,
  supervisorId: number,
  filters: LogFilters & { traineeId?: number | undefined; ids?: readonly number[] | undefined },
): Promise<LogRecord[]> {
  const rows = await selectRecords(db)
    .where(
      and(
        supervisedBy(supervisorId),
        ...filterConditions(filters),
        filters.traineeId ? eq(experienceLogs.traineeId, filters.traineeId) : undefined,
        filters.ids ? inArray(experienceLogs.id, [...filters.ids]) : undefined,
      ),
    )
    .orderBy(
      desc(experienceLogs.dateOfExperience),
      desc(experienceLogs.startMinute),
      desc(experienceLogs.id),
    );
  return rows.map(toRecord);
}
