import { type ImportMapping, type ImportTarget } from '../../../shared/import/import.schema';
import type { LogEntryWire } from '../../../shared/logs/log-entry.schema';
import { SUPERVISION_CONTACTS } from '../../../shared/logs/rule-sets';
import { formatTime, hoursToMinutes, minutesToHours, parseTime } from '../../../shared/logs/time';
import { readNumber } from '../../../shared/logs/wire-values';
import { EXPERIENCE_TYPES, SETTINGS } from '../../../shared/reference/lookups';
import type { FieldErrors } from '../../../shared/errors';
import { EXPORT_COLUMNS, NOT_OWN_SUPERVISOR } from '../logs';

/*
 * Values are only translated; what cannot be translated is passed on as it is, so the log form's
 * schema judges it and reports it in its own words.
 */

export type SupervisorRecord = {
  id: number;
  name: string;
  lastname: string;
  email: string;
  accessEndedAt: Date | null;
};

export type ConvertedRow = {
  wire: LogEntryWire;
  supervisorText: string;
  errors: FieldErrors;
};

export function isExportLayout(headers: readonly string[]): boolean {
  return (
    headers.length === EXPORT_COLUMNS.length &&
    EXPORT_COLUMNS.every((column, index) => headers[index]?.toLowerCase() === column.toLowerCase())
  );
}

/** Complete when date, start and end are in it. */
export function applicableMapping(
  mapping: ImportMapping | null,
  headers: readonly string[],
): ImportMapping | null {
  if (!mapping) return null;
  const usable = Object.fromEntries(
    Object.entries(mapping).filter(
      ([, header]) => header !== undefined && headers.includes(header),
    ),
  ) as ImportMapping;
  return usable.date && usable.start && usable.end ? usable : null;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/;

export function normaliseDate(text: string): string {
  const iso = ISO_DATE.exec(text);
  const us = US_DATE.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : null;
  if (!parts) return text;
  const [year, month, day] = parts as [string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap])\.?\s*m?\.?$/i;
const HOUR_ONLY = /^(\d{1,2})\s*([ap])\.?\s*m?\.?$/i;

export function normaliseTime(text: string): string {
  const time = text.includes(' ') && ISO_DATE.test(text) ? text.slice(text.indexOf(' ') + 1) : text;
  const twelve = CLOCK.exec(time) ?? HOUR_ONLY.exec(time);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = twelve.length === 4 ? Number(twelve[2]) : 0;
    const isPm = (twelve[twelve.length - 1] ?? '').toLowerCase() === 'p';
    if (hour < 1 || hour > 12 || minute > 59) return text;
    return formatTime(((hour % 12) + (isPm ? 12 : 0)) * 60 + minute);
  }
  const padded = /^\d:\d{2}/.test(time) ? `0${time}` : time;
  const minutes = parseTime(padded);
  return minutes === null ? text : formatTime(minutes);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function idByName(text: string, items: readonly { id: number; name: string }[]): string | number {
  if (text === '') return '';
  return items.find((item) => same(item.name, text))?.id ?? text;
}

function experienceType(text: string): string | number {
  if (/concentrated/i.test(text)) return 2;
  if (/supervised/i.test(text)) return 1;
  return idByName(text, EXPERIENCE_TYPES);
}

function contactId(text: string): string | number {
  return idByName(
    text,
    SUPERVISION_CONTACTS.map((item) => ({ id: item.id, name: item.contact })),
  );
}

function yesNo(text: string): string {
  if (/^(y|yes|true|1|x)$/i.test(text)) return 'Yes';
  if (/^(n|no|false|0)$/i.test(text)) return 'No';
  return text;
}

function choice(text: string, options: readonly string[]): string {
  return options.find((option) => same(option, text)) ?? text;
}

function taskList(text: string): string[] {
  return text.split(/[;,\s]+/).filter((id) => id !== '');
}

/** A name a current and a former record share (a supervisor added again) is the current one's. */
function findSupervisor(
  text: string,
  records: readonly SupervisorRecord[],
): SupervisorRecord | undefined {
  const named = records.filter(
    (record) =>
      same(record.email, text) ||
      same([record.name, record.lastname].filter(Boolean).join(' '), text) ||
      same(record.name, text),
  );
  return named.find((record) => record.accessEndedAt === null) ?? named[0];
}

function supervisorFields(
  text: string,
  records: readonly SupervisorRecord[],
): { supervisor: number | null; errors: FieldErrors } {
  if (text === '') return { supervisor: null, errors: {} };
  const record = findSupervisor(text, records);
  return record
    ? { supervisor: record.id, errors: {} }
    : { supervisor: null, errors: { supervisor: [NOT_OWN_SUPERVISOR] } };
}

/** The export's neutralised formula (`'=…`, csv.ts) back to the text the trainee wrote. */
function unneutralise(text: string): string {
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

export function convertExportRow(
  cells: readonly string[],
  records: readonly SupervisorRecord[],
): ConvertedRow {
  const [
    date = '',
    start = '',
    end = '',
    type = '',
    supervisorText = '',
    setting = '',
    experienceHours = '',
    independentHours = '',
    supervisedHours = '',
    individualOrGroup = '',
    method = '',
    restrictedHours = '',
    unrestrictedHours = '',
    clientObservation = '',
    observationHours = '',
    contact = '',
    tasks = '',
    notes = '',
  ] = cells.map(unneutralise);
  const { supervisor, errors } = supervisorFields(supervisorText, records);
  const startTime = normaliseTime(start);
  // The export has the supervised hours but not the supervision's times: they are taken to start
  // with the entry, which keeps the hours and every rule that reads the window.
  const supervised = readNumber(supervisedHours);
  const startMinute = parseTime(startTime);
  const window =
    supervised.kind === 'value' && startMinute !== null && supervised.value > 0
      ? {
          from: formatTime(startMinute),
          to: formatTime(Math.min(startMinute + hoursToMinutes(supervised.value), 1439)),
        }
      : { from: '', to: '' };
  return {
    supervisorText,
    errors,
    wire: {
      expereince_type: experienceType(type),
      setting: idByName(setting, SETTINGS),
      supervisor,
      trainee_supervisor: supervisor,
      date_of_experience: normaliseDate(date),
      time_of_expereince_start: startTime,
      time_of_expereince_end: normaliseTime(end),
      unrestricted_hours: unrestrictedHours,
      restricted_hours: restrictedHours,
      experience_hours: experienceHours,
      individual_or_group: choice(individualOrGroup, ['Individual', 'Group', 'No supervision']),
      method_of_supervision: choice(method, ['In Person', 'Virtual']),
      supervision_start_time: window.from,
      supervision_end_time: window.to,
      supervised_hours: supervisedHours,
      independant_hours: independentHours,
      client_observation: yesNo(clientObservation),
      observation_hours: observationHours,
      supervision_contact: contactId(contact),
      task: taskList(tasks),
      experience_note: notes,
    },
  };
}

/**
 * A supervised row without its own supervision times is supervised for the whole entry;
 * 'Restricted' / 'Unrestricted' makes the whole entry so, a number is its unrestricted hours.
 */
export function convertMappedRow(
  cells: readonly string[],
  headers: readonly string[],
  mapping: ImportMapping,
  records: readonly SupervisorRecord[],
): ConvertedRow {
  const cell = (target: ImportTarget): string => {
    const header = mapping[target];
    const index = header === undefined ? -1 : headers.indexOf(header);
    return index === -1 ? '' : (cells[index] ?? '');
  };
  const supervisorText = cell('supervisor');
  const { supervisor, errors } = supervisorFields(supervisorText, records);
  const start = normaliseTime(cell('start'));
  const end = normaliseTime(cell('end'));
  const startMinute = parseTime(start);
  const endMinute = parseTime(end);
  const experienceMinutes =
    startMinute !== null && endMinute !== null && endMinute > startMinute
      ? endMinute - startMinute
      : null;

  let individualOrGroup = choice(cell('individual_or_group'), [
    'Individual',
    'Group',
    'No supervision',
  ]);
  const supervision = cell('supervision');
  const isIndependent = /^(independent|no|n|false|0|no supervision|unsupervised)$/i.test(
    supervision,
  );
  if (isIndependent) individualOrGroup = 'No supervision';
  else if (/^(individual|group)$/i.test(supervision) && individualOrGroup === '') {
    individualOrGroup = choice(supervision, ['Individual', 'Group']);
  }
  const isSupervised = individualOrGroup === 'Individual' || individualOrGroup === 'Group';
  const supervisionStart = normaliseTime(cell('supervision_start')) || (isSupervised ? start : '');
  const supervisionEnd = normaliseTime(cell('supervision_end')) || (isSupervised ? end : '');
  const from = parseTime(supervisionStart);
  const to = parseTime(supervisionEnd);
  const supervisedMinutes =
    isSupervised && from !== null && to !== null && to > from ? to - from : 0;

  const restriction = cell('restriction');
  const unrestricted = /^unrestricted$/i.test(restriction)
    ? experienceMinutes === null
      ? ''
      : minutesToHours(experienceMinutes)
    : /^restricted$/i.test(restriction)
      ? 0
      : restriction;
  // The computed hours are recomputed by the schema; these only meet its "required" rule.
  const computed = (minutes: number | null) => (minutes === null ? '' : minutesToHours(minutes));

  return {
    supervisorText,
    errors,
    wire: {
      expereince_type: experienceType(cell('type')),
      setting: idByName(cell('setting'), SETTINGS),
      supervisor,
      trainee_supervisor: supervisor,
      date_of_experience: normaliseDate(cell('date')),
      time_of_expereince_start: start,
      time_of_expereince_end: end,
      unrestricted_hours: unrestricted,
      restricted_hours: computed(experienceMinutes),
      experience_hours: computed(experienceMinutes),
      individual_or_group: individualOrGroup,
      method_of_supervision: choice(cell('method'), ['In Person', 'Virtual']),
      supervision_start_time: supervisionStart,
      supervision_end_time: supervisionEnd,
      supervised_hours: isSupervised ? computed(supervisedMinutes) : '',
      independant_hours: computed(experienceMinutes),
      client_observation: yesNo(cell('client_observation')),
      supervision_contact: contactId(cell('supervision_contact')),
      task: taskList(cell('tasks')),
      experience_note: cell('notes'),
    },
  };
}
