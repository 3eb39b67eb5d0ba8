import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { computeLogHours } from '../../../../shared/logs/log-hours';
import type { Control } from 'react-hook-form';
import type { LogEntryInput, LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { hoursToMinutes, minutesToHours, parseTime } from '../../../../shared/logs/time';
import { readNumber } from '../../../../shared/logs/wire-values';

/** The form holds the wire payload itself (SPEC §3 names); selects hold ids as strings. */
export type LogFormValues = LogEntryWire;

/** The form's control: wire values in, the shared schema's parsed entry out. */
export type LogFormControl = Control<LogFormValues, unknown, LogEntryInput>;

const SUPERVISION_FIELDS = [
  'method_of_supervision',
  'supervision_start_time',
  'supervision_end_time',
  'supervised_hours',
  'independant_hours',
  'client_observation',
  'observation_hours',
  'supervision_contact',
] as const satisfies readonly (keyof LogFormValues)[];

/** The fields 'No supervision' hides and clears (SPEC §4 "Log form"). */
export const SUPERVISION_FIELD_NAMES: readonly (keyof LogFormValues)[] = SUPERVISION_FIELDS;

/**
 * What a new entry keeps of the one saved before it (issue 36): the supervisor, the fieldwork
 * type and the setting, which most sessions share. The times are never kept or guessed.
 */
export type KeptLogChoices = Pick<
  LogFormValues,
  'supervisor' | 'trainee_supervisor' | 'expereince_type' | 'setting'
>;

/** The choices of a saved entry a new one starts with. */
export function keptChoices(saved: LogEntryWire): KeptLogChoices {
  const text = (value: LogEntryWire[keyof KeptLogChoices]) =>
    value === null || value === undefined ? '' : String(value);
  return {
    supervisor: text(saved.supervisor),
    trainee_supervisor: text(saved.trainee_supervisor),
    expereince_type: text(saved.expereince_type),
    setting: text(saved.setting),
  };
}

/**
 * A blank entry, dated today. SPEC §4 starts it at the clock time; we leave the start time empty
 * (issue 36: at 9:29 PM the form offered a 9:29 PM start for the morning's session, which a
 * trainee saves without noticing). `kept`: what the entry before it chose.
 */
export function emptyLogValues({
  today,
  kept,
}: {
  today: string;
  kept?: KeptLogChoices;
}): LogFormValues {
  return {
    expereince_type: '',
    setting: '',
    supervisor: '',
    trainee_supervisor: '',
    date_of_experience: today,
    time_of_expereince_start: '',
    time_of_expereince_end: '',
    unrestricted_hours: '',
    restricted_hours: '',
    experience_hours: '',
    individual_or_group: '',
    method_of_supervision: '',
    supervision_start_time: '',
    supervision_end_time: '',
    supervised_hours: '',
    independant_hours: '',
    client_observation: '',
    observation_hours: '',
    supervision_contact: '',
    task: [],
    experience_note: '',
    newSupervisor: '',
    newSupervisorEmail: '',
    ...kept,
  };
}

const idText = (id: number | null) => (id === null ? '' : String(id));

/** A stored log as form values, for the edit screen. */
export function valuesFromLog(log: ExperienceLog): LogFormValues {
  return {
    expereince_type: idText(log.expereince_type),
    setting: idText(log.setting),
    supervisor: idText(log.supervisor),
    trainee_supervisor: idText(log.trainee_supervisor),
    date_of_experience: log.date_of_experience,
    time_of_expereince_start: log.time_of_expereince_start,
    time_of_expereince_end: log.time_of_expereince_end,
    unrestricted_hours: log.unrestricted_hours,
    restricted_hours: log.restricted_hours,
    experience_hours: log.experience_hours,
    individual_or_group: log.individual_or_group,
    method_of_supervision: log.method_of_supervision ?? '',
    supervision_start_time: log.supervision_start_time ?? '',
    supervision_end_time: log.supervision_end_time ?? '',
    supervised_hours: log.supervised_hours,
    independant_hours: log.independant_hours,
    client_observation: log.client_observation ?? '',
    observation_hours: log.observation_hours ?? '',
    supervision_contact: idText(log.supervision_contact),
    task: log.task.map((item) => item.id),
    experience_note: log.experience_note,
    newSupervisor: '',
    newSupervisorEmail: '',
  };
}

/** The read-only figures, in minutes; null where the times needed are not filled in yet. */
export type ComputedMinutes = {
  experience: number | null;
  restricted: number | null;
  supervised: number | null;
  independent: number | null;
};

/** True for 'Individual' and 'Group': the entries with supervision fields. */
export function isSupervisedEntry(values: Pick<LogFormValues, 'individual_or_group'>): boolean {
  return values.individual_or_group === 'Individual' || values.individual_or_group === 'Group';
}

/**
 * The computed fields of SPEC §4 from the times the trainee typed, with the shared rule
 * (`computeLogHours`). A figure is null until every time it depends on is a valid time.
 */
export function computeFormMinutes(values: LogFormValues): ComputedMinutes {
  const start = parseTime(values.time_of_expereince_start ?? '');
  const end = parseTime(values.time_of_expereince_end ?? '');
  if (start === null || end === null || end <= start) {
    return { experience: null, restricted: null, supervised: null, independent: null };
  }
  const unrestricted = readNumber(values.unrestricted_hours);
  const isSupervised = isSupervisedEntry(values);
  const supervisionStart = parseTime(values.supervision_start_time ?? '');
  const supervisionEnd = parseTime(values.supervision_end_time ?? '');
  const hasSupervisionWindow =
    supervisionStart !== null && supervisionEnd !== null && supervisionEnd > supervisionStart;
  const hours = computeLogHours({
    start,
    end,
    unrestrictedMinutes: unrestricted.kind === 'value' ? hoursToMinutes(unrestricted.value) : 0,
    supervisionStart,
    supervisionEnd,
    isSupervised,
  });
  const isSupervisionKnown = !isSupervised || hasSupervisionWindow;
  return {
    experience: hours.experienceMinutes,
    restricted: unrestricted.kind === 'value' ? hours.restrictedMinutes : null,
    supervised: isSupervised && hasSupervisionWindow ? hours.supervisedMinutes : null,
    independent: isSupervisionKnown ? hours.independentMinutes : null,
  };
}

const hoursOrBlank = (minutes: number | null) => (minutes === null ? '' : minutesToHours(minutes));

/**
 * The values with the computed fields filled in: what the schema checks and the API receives.
 * The server recomputes them anyway; the client fills them because the contract requires them.
 */
export function withComputedHours(values: LogFormValues): LogFormValues {
  const minutes = computeFormMinutes(values);
  return {
    ...values,
    experience_hours: hoursOrBlank(minutes.experience),
    restricted_hours: hoursOrBlank(minutes.restricted),
    supervised_hours: hoursOrBlank(minutes.supervised),
    independant_hours: hoursOrBlank(minutes.independent),
  };
}

const numberOrNull = (value: LogFormValues['supervisor']) => {
  const read = readNumber(value);
  return read.kind === 'value' ? read.value : null;
};

/**
 * The request body: computed hours filled in, ids as numbers, the supervisor record named twice
 * as the contract does (or a new supervisor instead), and 'No supervision' sent with its
 * supervision fields null.
 */
export function toLogPayload(
  values: LogFormValues,
  { isAddingSupervisor }: { isAddingSupervisor: boolean },
): LogEntryWire {
  const filled = withComputedHours(values);
  const supervisor = isAddingSupervisor ? null : numberOrNull(filled.supervisor);
  const payload: LogEntryWire = {
    ...filled,
    expereince_type: numberOrNull(filled.expereince_type),
    setting: numberOrNull(filled.setting),
    supervisor,
    trainee_supervisor: supervisor,
    unrestricted_hours: numberOrNull(filled.unrestricted_hours),
    supervision_contact: numberOrNull(filled.supervision_contact),
    // Left blank, the server counts the whole supervision window; without an observation, none.
    observation_hours:
      filled.client_observation === 'Yes' ? numberOrNull(filled.observation_hours) : null,
    newSupervisor: isAddingSupervisor ? filled.newSupervisor : null,
    newSupervisorEmail: isAddingSupervisor ? filled.newSupervisorEmail : null,
  };
  if (!isSupervisedEntry(values)) {
    for (const field of SUPERVISION_FIELDS) payload[field] = null;
  }
  return payload;
}
