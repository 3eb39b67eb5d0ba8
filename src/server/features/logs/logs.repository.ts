import {
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  ne,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  experienceLogs,
  logHistory,
  logTasks,
  monthSignoffs,
  traineeSupervisors,
  users,
  type FieldChanges,
} from '../../db/schema';
import { storedType, type RecordTypedLog, type StructureRecord } from './logs.fieldwork-type';
import type { Signoff } from '../../../shared/review/month-signoff';
import { namesOf, selectRecords, type LogRecord, type LogRow } from './logs.records.repository';

/* What other modules use of the files beside this one is exported from here. */
export type { LogRecord, LogRow } from './logs.records.repository';
export { addHistory, listHistory } from './logs.history.repository';
export {
  listExportPage,
  type ExportCursor,
  type ExportFilter,
  type ExportLog,
} from './logs.export.repository';
export {
  listForSupervisor,
  listSupervisedLogIds,
  supervisedBy,
} from './logs.supervisor.repository';

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

export type Preflight = {
  /** The live sign-offs of the months (the trainee's records below say whose structure each is). */
  signoffs: Signoff[];
  isOwnRecord: boolean;
  /** An old log keeps its supervisor; new hours cannot go to a former one. */
  isEndedRecord: boolean;
  overlapping: Pick<LogRow, 'id' | 'dateOfExperience' | 'startMinute' | 'endMinute'> | null;
  earlierDigest: string | null;
  /** The types of the entry's month by record: its other live logs (not the edited one). */
  monthTypes: RecordTypedLog[];
  /** The trainee's supervisor records, for the structures they make. */
  records: StructureRecord[];
};

const placeholder = (name: string) => sql.placeholder(name);

const isLiveSignoffOfMonths = sql`s.trainee_id = ${placeholder('traineeId')} and s.month in (${placeholder('month')}, ${placeholder('otherMonth')}) and s.reopened_at is null`;

const preflightQuery = (db: Db, name: string) =>
  db
    .select({
      signoffs: sql<
        { month: string; trainee_supervisor_id: number | null; signed_by: string }[]
      >`(select coalesce(json_agg(json_build_object('month', s.month, 'trainee_supervisor_id', s.trainee_supervisor_id, 'signed_by', u.name) order by s.id), '[]'::json) from ${monthSignoffs} s join ${users} u on u.id = s.supervisor_user_id where ${isLiveSignoffOfMonths})`,
      isOwnRecord: sql<boolean>`exists (select 1 from ${traineeSupervisors} where ${traineeSupervisors.id} = ${placeholder('recordId')} and ${traineeSupervisors.traineeId} = ${placeholder('traineeId')})`,
      isEndedRecord: sql<boolean>`exists (select 1 from ${traineeSupervisors} where ${traineeSupervisors.id} = ${placeholder('recordId')} and ${traineeSupervisors.traineeId} = ${placeholder('traineeId')} and ${traineeSupervisors.accessEndedAt} is not null and not exists (select 1 from ${experienceLogs} e where e.id = ${placeholder('excludeId')} and e.trainee_supervisor_id = ${traineeSupervisors.id}))`,
      overlapping: sql<{
        id: number;
        date_of_experience: string;
        start_minute: number;
        end_minute: number;
      } | null>`(select row_to_json(o) from (select ${experienceLogs.id}, ${experienceLogs.dateOfExperience}, ${experienceLogs.startMinute}, ${experienceLogs.endMinute} from ${experienceLogs} where ${experienceLogs.traineeId} = ${placeholder('traineeId')} and ${experienceLogs.dateOfExperience} = ${placeholder('date')} and ${experienceLogs.deletedAt} is null and ${experienceLogs.startMinute} < ${placeholder('endMinute')} and ${experienceLogs.endMinute} > ${placeholder('startMinute')} and ${experienceLogs.id} <> ${placeholder('excludeId')} order by ${experienceLogs.startMinute} limit 1) o)`,
      earlierDigest: sql<
        string | null
      >`(select ${experienceLogs.idempotencyDigest} from ${experienceLogs} where ${experienceLogs.traineeId} = ${placeholder('traineeId')} and ${experienceLogs.idempotencyKey} = ${placeholder('idempotencyKey')}::uuid limit 1)`,
      monthTypes: sql<
        [number, number, string][] | null
      >`(select json_agg(json_build_array(t.record_id, t.type_id, t.first_date)) from (select ${experienceLogs.traineeSupervisorId} as record_id, ${experienceLogs.experienceTypeId} as type_id, min(${experienceLogs.dateOfExperience})::text as first_date from ${experienceLogs} where ${experienceLogs.traineeId} = ${placeholder('traineeId')} and ${experienceLogs.dateOfExperience} >= date_trunc('month', ${placeholder('date')}::date)::date and ${experienceLogs.dateOfExperience} < (date_trunc('month', ${placeholder('date')}::date) + interval '1 month')::date and ${experienceLogs.deletedAt} is null and ${experienceLogs.id} <> ${placeholder('excludeId')} group by 1, 2) t)`,
      records: sql<
        StructureRecord[] | null
      >`(select json_agg(json_build_object('id', ${traineeSupervisors.id}, 'name', ${traineeSupervisors.name}, 'lastname', ${traineeSupervisors.lastname}, 'organization', ${traineeSupervisors.organization})) from ${traineeSupervisors} where ${traineeSupervisors.traineeId} = ${placeholder('traineeId')})`,
    })
    .from(sql`(select 1) as preflight`)
    .prepare(name);

/** `excludeId`: the log being edited; `idempotencyKey`: a create's. */
export async function preflight(
  db: Db,
  traineeId: number,
  check: {
    months: [string, string?];
    recordId: number | null;
    date: string;
    startMinute: number;
    endMinute: number;
    excludeId?: number | undefined;
    idempotencyKey?: string | undefined;
  },
): Promise<Preflight> {
  const [row] = await prepared(db, 'logs_preflight', preflightQuery).execute({
    traineeId,
    month: check.months[0],
    otherMonth: check.months[1] ?? check.months[0],
    recordId: check.recordId ?? 0,
    date: check.date,
    startMinute: check.startMinute,
    endMinute: check.endMinute,
    excludeId: check.excludeId ?? 0,
    idempotencyKey: check.idempotencyKey ?? null,
  });
  const overlapping = row?.overlapping ?? null;
  return {
    signoffs: (row?.signoffs ?? []).map((signoff) => ({
      month: signoff.month,
      traineeSupervisorId: signoff.trainee_supervisor_id,
      signedBy: signoff.signed_by,
    })),
    isOwnRecord: row?.isOwnRecord ?? false,
    isEndedRecord: row?.isEndedRecord ?? false,
    overlapping: overlapping && {
      id: overlapping.id,
      dateOfExperience: overlapping.date_of_experience,
      startMinute: overlapping.start_minute,
      endMinute: overlapping.end_minute,
    },
    earlierDigest: row?.earlierDigest ?? null,
    monthTypes: (row?.monthTypes ?? []).map(([recordId, type, date]) => ({
      recordId,
      experienceTypeId: storedType(type),
      date,
    })),
    records: row?.records ?? [],
  };
}

export const LOG_VALUE_KEYS = [
  'traineeSupervisorId',
  'experienceTypeId',
  'settingId',
  'dateOfExperience',
  'startMinute',
  'endMinute',
  'experienceMinutes',
  'unrestrictedMinutes',
  'restrictedMinutes',
  'individualOrGroup',
  'methodOfSupervision',
  'supervisionStartMinute',
  'supervisionEndMinute',
  'supervisedMinutes',
  'independentMinutes',
  'clientObservation',
  'observationMinutes',
  'supervisionContactId',
  'experienceNote',
] as const satisfies readonly (keyof LogValues)[];

const insertRecordQuery = (db: Db, name: string) => {
  const values = Object.fromEntries(LOG_VALUE_KEYS.map((key) => [key, placeholder(key)]));
  const now = sql`${placeholder('now')}::timestamptz`;
  const log = db.$with('log').as(
    db
      .insert(experienceLogs)
      .values({
        ...(values as Record<keyof LogValues, Placeholder>),
        traineeId: placeholder('traineeId'),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
        idempotencyKey: placeholder('idempotencyKey'),
        idempotencyDigest: placeholder('idempotencyDigest'),
      })
      // A key already used by the trainee writes nothing (and so no tasks, no history).
      .onConflictDoNothing({ target: [experienceLogs.traineeId, experienceLogs.idempotencyKey] })
      .returning(),
  );
  const tasks = db.$with('tasks', {}).as(
    sql`insert into ${logTasks} (${sql.identifier('log_id')}, ${sql.identifier('task_id')}, ${sql.identifier('position')})
      select log.id, task.id, (task.position - 1)::int from log
      cross join jsonb_array_elements_text(${placeholder('taskIds')}::jsonb) with ordinality as task(id, position)`,
  );
  const history = db.$with('history', {}).as(
    sql`insert into ${logHistory} (${sql.identifier('log_id')}, ${sql.identifier('actor_id')}, ${sql.identifier('action')}, ${sql.identifier('changes')}, ${sql.identifier('created_at')})
      select log.id, log.trainee_id, 'create', ${placeholder('changes')}::jsonb, ${now} from log`,
  );
  const logColumns = Object.fromEntries(
    Object.keys(getTableColumns(experienceLogs)).map((key) => [key, log[key as keyof LogRow]]),
  ) as { [K in keyof LogRow]: (typeof log)[K] };
  return db
    .with(log, tasks, history)
    .select({ ...logColumns, ...namesOf(log) })
    .from(log)
    .innerJoin(users, eq(users.id, log.traineeId))
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, log.traineeSupervisorId))
    .prepare(name);
};

/** One prepared statement, atomic by itself. Undefined when the idempotency key was used. */
export async function insertLogRecord(
  db: Db,
  traineeId: number,
  entry: {
    values: LogValues;
    taskIds: readonly string[];
    changes: FieldChanges;
    idempotency?: { key: string; digest: string } | undefined;
  },
  now: Date,
): Promise<LogRecord | undefined> {
  const [row] = await prepared(db, 'logs_insert_record', insertRecordQuery).execute({
    ...entry.values,
    traineeId,
    now: now.toISOString(),
    taskIds: JSON.stringify(entry.taskIds),
    changes: JSON.stringify(entry.changes),
    idempotencyKey: entry.idempotency?.key ?? null,
    idempotencyDigest: entry.idempotency?.digest ?? null,
  });
  return row && { ...row, taskIds: [...entry.taskIds] };
}

/** Conditional: an approval that lands first wins. */
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
