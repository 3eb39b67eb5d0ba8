import type { ExperienceLog, LogHistoryEntry } from '../../../shared/logs/experience-log.schema';
import { formatTime, minutesToHours } from '../../../shared/logs/time';
import {
  findTask,
  taskVersionOf,
  toTaskItem,
  type TaskItem,
} from '../../../shared/reference/task-lists';
import type { FieldChanges } from '../../db/schema';
import type { PageRecord } from './logs.records.repository';
import type { LogRecord, LogValues } from './logs.repository';

const taskItems = new Map<string, Readonly<TaskItem>>();
const MAX_TASK_ITEMS = 10_000;

/** Built once per id (the lists are fixed); read-only: spread it to add. Legacy: data/README.md. */
export function taskItemOf(id: string): Readonly<TaskItem> {
  let item = taskItems.get(id);
  if (item === undefined) {
    const task = findTask(id);
    item = task
      ? toTaskItem(task)
      : { id, name: id, description: '', version: taskVersionOf(id) ?? 'v5' };
    // Legacy ids are free text: past the bound they are built per call instead of kept.
    if (taskItems.size < MAX_TASK_ITEMS) taskItems.set(id, item);
  }
  return item;
}

const timeOrNull = (minute: number | null) => (minute === null ? null : formatTime(minute));
const hoursOrNull = (minutes: number | null) => (minutes === null ? null : minutesToHours(minutes));

/** From a Date or PostgreSQL's UTC text; milliseconds truncated, as pg's Date has them. */
function isoOf(at: Date | string): string {
  if (typeof at !== 'string') return at.toISOString();
  const dot = at.indexOf('.', 19);
  const millis = dot < 0 ? '000' : `${at.slice(dot + 1, dot + 4)}00`.slice(0, 3);
  return `${at.slice(0, 10)}T${at.slice(11, 19)}.${millis}Z`;
}
const isoOrNull = (at: Date | string | null) => (at === null ? null : isoOf(at));

/** SPEC §3. Hours are actual hours, never ×1.33 (decision 001). */
export function toExperienceLog(record: LogRecord | PageRecord): ExperienceLog {
  return {
    id: record.id,
    user: { id: record.traineeId, name: record.traineeName },
    expereince_type: record.experienceTypeId,
    expereince_type_name: record.experienceTypeName,
    setting: record.settingId,
    setting_name: record.settingName,
    supervisor: record.traineeSupervisorId,
    trainee_supervisor: record.traineeSupervisorId,
    supervisor_name: [record.supervisorName, record.supervisorLastname].filter(Boolean).join(' '),
    supervisor_account: record.supervisorUserId === null ? null : true,
    date_of_experience: record.dateOfExperience,
    time_of_expereince_start: formatTime(record.startMinute),
    time_of_expereince_end: formatTime(record.endMinute),
    unrestricted_hours: minutesToHours(record.unrestrictedMinutes),
    restricted_hours: minutesToHours(record.restrictedMinutes),
    experience_hours: minutesToHours(record.experienceMinutes),
    individual_or_group: record.individualOrGroup,
    method_of_supervision: record.methodOfSupervision,
    supervision_start_time: timeOrNull(record.supervisionStartMinute),
    supervision_end_time: timeOrNull(record.supervisionEndMinute),
    supervised_hours: minutesToHours(record.supervisedMinutes),
    independant_hours: minutesToHours(record.independentMinutes),
    client_observation: record.clientObservation,
    observation_hours: hoursOrNull(record.observationMinutes),
    supervision_contact: record.supervisionContactId,
    supervision_contact_name: record.supervisionContactName,
    task: record.taskIds.map(taskItemOf),
    experience_note: record.experienceNote,
    status: record.status,
    data: record.flagData,
    status_changed_at: isoOrNull(record.statusChangedAt),
    created_at: isoOf(record.createdAt),
    updated_at: isoOf(record.updatedAt),
    deleted_at: isoOrNull(record.deletedAt),
  };
}

export function snapshotOf(values: LogValues, taskIds: readonly string[]): Record<string, unknown> {
  return {
    expereince_type: values.experienceTypeId,
    setting: values.settingId,
    trainee_supervisor: values.traineeSupervisorId,
    date_of_experience: values.dateOfExperience,
    time_of_expereince_start: formatTime(values.startMinute),
    time_of_expereince_end: formatTime(values.endMinute),
    experience_hours: minutesToHours(values.experienceMinutes),
    unrestricted_hours: minutesToHours(values.unrestrictedMinutes),
    restricted_hours: minutesToHours(values.restrictedMinutes),
    individual_or_group: values.individualOrGroup,
    method_of_supervision: values.methodOfSupervision,
    supervision_start_time: timeOrNull(values.supervisionStartMinute),
    supervision_end_time: timeOrNull(values.supervisionEndMinute),
    supervised_hours: minutesToHours(values.supervisedMinutes),
    independant_hours: minutesToHours(values.independentMinutes),
    client_observation: values.clientObservation,
    observation_hours: hoursOrNull(values.observationMinutes),
    supervision_contact: values.supervisionContactId,
    task: [...taskIds],
    experience_note: values.experienceNote,
  };
}

export function diffSnapshots(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChanges {
  const changes: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const oldValue = before?.[key] ?? null;
    const newValue = after?.[key] ?? null;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue))
      changes[key] = { old: oldValue, new: newValue };
  }
  return changes;
}

export function toHistoryEntry(row: {
  id: number;
  action: LogHistoryEntry['action'];
  changes: FieldChanges;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
}): LogHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, name: row.actorName },
    at: row.createdAt.toISOString(),
    changes: row.changes,
  };
}
