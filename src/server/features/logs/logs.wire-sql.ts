import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceLogs, traineeSupervisors, users } from '../../db/schema';
import {
  namesOf,
  recordOfLog,
  taskIdsColumn,
  traineeOfLog,
} from './logs.records.repository';

/*
 * A log in the contract's shape written by the database, for the lists (decision 016, third
 * round): a page's rows come back as the JSON text of each log, with no row mapping, no Date and
 * no serialisation left to the server. It writes what `toExperienceLog` (logs.wire.ts) and the
 * route's serialiser write for the same row, byte for byte (tests/api/logs-list-wire.test.ts
 * compares them on every log of a varied set); the task items and the flags are added by
 * `logJsonOf` (logs.wire.ts) from the task lists and the flag schema, as toExperienceLog does.
 */

/** `formatTime`: 'HH:MM' of a minute of the day. */
const timeOf = (minute: SQLWrapper) =>
  sql`lpad((${minute} / 60)::text, 2, '0') || ':' || lpad((${minute} % 60)::text, 2, '0')`;
/** `minutesToHours`: decimal hours to two decimals, printed as the shortest number. */
const hoursOf = (minutes: SQLWrapper) => sql`trim_scale(round(${minutes} / 60.0, 2))`;
/** `Date.prototype.toISOString` of a timestamp (milliseconds truncated, as pg's Date is). */
const isoOf = (at: SQLWrapper) =>
  sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A JSON object of `fields` in their order, compact (`row_to_json`: no spaces, as the
 * serialiser writes it), as text.
 */
function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const columns = Object.entries(fields).map(
    ([key, value]) => sql`${value} as ${sql.identifier(key)}`,
  );
  return sql`(select r from (select ${sql.join(columns, sql`, `)}) r)`;
}
const jsonText = (fields: Record<string, SQLWrapper>) =>
  sql<string>`row_to_json(${jsonObject(fields)})::text`;

const names = namesOf(experienceLogs);

/** The wire fields before `task` (ExperienceLogSchema's order). */
const head = jsonText({
  id: experienceLogs.id,
  user: jsonObject({ id: experienceLogs.traineeId, name: users.name }),
  expereince_type: experienceLogs.experienceTypeId,
  expereince_type_name: names.experienceTypeName,
  setting: experienceLogs.settingId,
  setting_name: names.settingName,
  supervisor: experienceLogs.traineeSupervisorId,
  trainee_supervisor: experienceLogs.traineeSupervisorId,
  supervisor_name: sql`concat_ws(' ', nullif(${traineeSupervisors.name}, ''), nullif(${traineeSupervisors.lastname}, ''))`,
  supervisor_account: traineeSupervisors.supervisorUserId,
  date_of_experience: sql`${experienceLogs.dateOfExperience}::text`,
  time_of_expereince_start: timeOf(experienceLogs.startMinute),
  time_of_expereince_end: timeOf(experienceLogs.endMinute),
  unrestricted_hours: hoursOf(experienceLogs.unrestrictedMinutes),
  restricted_hours: hoursOf(experienceLogs.restrictedMinutes),
  experience_hours: hoursOf(experienceLogs.experienceMinutes),
  individual_or_group: experienceLogs.individualOrGroup,
  method_of_supervision: experienceLogs.methodOfSupervision,
  supervision_start_time: timeOf(experienceLogs.supervisionStartMinute),
  supervision_end_time: timeOf(experienceLogs.supervisionEndMinute),
  supervised_hours: hoursOf(experienceLogs.supervisedMinutes),
  independant_hours: hoursOf(experienceLogs.independentMinutes),
  client_observation: experienceLogs.clientObservation,
  observation_hours: hoursOf(experienceLogs.observationMinutes),
  supervision_contact: experienceLogs.supervisionContactId,
  supervision_contact_name: names.supervisionContactName,
});

/** Between `task` and `data`. */
const middle = jsonText({
  experience_note: experienceLogs.experienceNote,
  status: experienceLogs.status,
});

/** After `data`. */
const stamps = jsonText({
  status_changed_at: isoOf(experienceLogs.statusChangedAt),
  created_at: isoOf(experienceLogs.createdAt),
  updated_at: isoOf(experienceLogs.updatedAt),
  deleted_at: isoOf(experienceLogs.deletedAt),
});

/** A log's wire JSON in parts: `logJsonOf` (logs.wire.ts) joins them with its tasks and flags. */
export const logJsonColumns = {
  head,
  middle,
  stamps,
  taskIds: taskIdsColumn,
  /** '{}' (no flags) or the flags as stored. */
  flagData: sql<string>`${experienceLogs.flagData}::text`,
};

export type LogJsonParts = {
  head: string;
  middle: string;
  stamps: string;
  taskIds: string[];
  flagData: string;
};

/** Logs as wire JSON parts, with their names joined; the caller adds the scope and order. */
export function selectLogJson(
  source: Pick<Db, 'select'>,
  extra: { count?: SQL.Aliased<number> } = {},
) {
  return source
    .select({ ...logJsonColumns, ...extra })
    .from(experienceLogs)
    .innerJoin(users, traineeOfLog)
    .innerJoin(traineeSupervisors, recordOfLog);
}
