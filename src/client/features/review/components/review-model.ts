import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { formatTime, formatUsDate, parseTime } from '../../../../shared/logs/time';
import type { FlaggableField } from '../../../../shared/review/review.schema';

/** A log's review status. */
export type LogStatus = ExperienceLog['status'];

/** The calendar shows a day's statuses in this order. */
const STATUS_ORDER: readonly LogStatus[] = ['pending', 'flagged', 'approved'];

/** Each day of `entries` with its distinct statuses, pending first (SPEC §4 "Calendar dots"). */
export function statusesByDate(
  entries: readonly { date_of_experience: string; status: LogStatus }[],
): Map<string, LogStatus[]> {
  const byDate = new Map<string, Set<LogStatus>>();
  for (const entry of entries) {
    const statuses = byDate.get(entry.date_of_experience) ?? new Set<LogStatus>();
    statuses.add(entry.status);
    byDate.set(entry.date_of_experience, statuses);
  }
  return new Map(
    [...byDate].map(([date, statuses]) => [
      date,
      STATUS_ORDER.filter((status) => statuses.has(status)),
    ]),
  );
}

/** A calendar dot's colour: red while a log waits for review, green once it was reviewed. */
export function dotColor(status: LogStatus): 'red' | 'green' {
  return status === 'pending' ? 'red' : 'green';
}

/** What a screen reader hears for a calendar day: the date, then what its dots say. */
export function dayAriaLabel(dateLabel: string, statuses: readonly LogStatus[]): string {
  if (statuses.length === 0) return dateLabel;
  const list =
    statuses.length === 1
      ? statuses[0]
      : `${statuses.slice(0, -1).join(', ')} and ${statuses[statuses.length - 1]}`;
  return `${dateLabel}: ${list} logs`;
}

/** A day as words, e.g. '2026-03-05' → 'Thursday, March 5, 2026' (a calendar date, no zone). */
export function formatLongDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A trainee's pending logs among a list, for bulk approval. */
export type PendingGroup = { traineeId: number; traineeName: string; logs: ExperienceLog[] };

/** The pending logs of a list, one group per trainee, in the order the trainees first appear. */
export function pendingByTrainee(logs: readonly ExperienceLog[]): PendingGroup[] {
  const groups = new Map<number, PendingGroup>();
  for (const log of logs) {
    if (log.status !== 'pending') continue;
    const group = groups.get(log.user.id) ?? {
      traineeId: log.user.id,
      traineeName: log.user.name,
      logs: [],
    };
    group.logs.push(log);
    groups.set(log.user.id, group);
  }
  return [...groups.values()];
}

/** A log in a line for lists and dialogs: '3/5/2026, 09:00–12:00 (3 h)'. */
export function logLine(log: ExperienceLog): string {
  return `${formatUsDate(log.date_of_experience)}, ${log.time_of_expereince_start}–${log.time_of_expereince_end} (${log.experience_hours} h)`;
}

const NOT_APPLICABLE = 'Not applicable';

/** The fields a 'No supervision' log has no value for (SPEC §4 "Log form"). */
export const SUPERVISION_FIELDS: readonly FlaggableField[] = [
  'method_of_supervision',
  'supervision_start_time',
  'supervision_end_time',
  'supervised_hours',
  'client_observation',
  'supervision_contact',
];

/** True when a field has a value on this log (the supervision fields of a supervised log). */
export function appliesTo(log: ExperienceLog, field: FlaggableField): boolean {
  return log.individual_or_group !== 'No supervision' || !SUPERVISION_FIELDS.includes(field);
}

const hours = (value: number) => `${value} h`;
const time = (value: string | null) => {
  const minutes = value === null ? null : parseTime(value);
  return minutes === null ? NOT_APPLICABLE : formatTime(minutes);
};

/** A field of a log as the details page shows it (the tasks are listed apart). */
export function fieldValue(log: ExperienceLog, field: FlaggableField): string {
  if (!appliesTo(log, field)) return NOT_APPLICABLE;
  switch (field) {
    case 'expereince_type':
      return log.expereince_type_name ?? `Type ${log.expereince_type}`;
    case 'setting':
      return log.setting_name ?? `Setting ${log.setting}`;
    case 'supervisor':
      return log.supervisor_name;
    case 'date_of_experience':
      return formatLongDate(log.date_of_experience);
    case 'time_of_expereince_start':
      return time(log.time_of_expereince_start);
    case 'time_of_expereince_end':
      return time(log.time_of_expereince_end);
    case 'unrestricted_hours':
      return hours(log.unrestricted_hours);
    case 'restricted_hours':
      return hours(log.restricted_hours);
    case 'experience_hours':
      return hours(log.experience_hours);
    case 'individual_or_group':
      return log.individual_or_group;
    case 'method_of_supervision':
      return log.method_of_supervision ?? NOT_APPLICABLE;
    case 'supervision_start_time':
      return time(log.supervision_start_time);
    case 'supervision_end_time':
      return time(log.supervision_end_time);
    case 'supervised_hours':
      return hours(log.supervised_hours);
    case 'independant_hours':
      return hours(log.independant_hours);
    case 'client_observation':
      return log.client_observation ?? NOT_APPLICABLE;
    case 'supervision_contact':
      return log.supervision_contact_name ?? NOT_APPLICABLE;
    case 'task':
      return log.task.map((task) => task.id).join(', ');
    case 'experience_note':
      return log.experience_note;
  }
}

/** The fields the supervisor flagged on a log, with their comments. */
export function flaggedFields(log: ExperienceLog): { field: string; comment: string | null }[] {
  return Object.entries(log.data)
    .filter(([, info]) => info.flagged)
    .map(([field, info]) => ({ field, comment: info.comment?.trim() || null }));
}
