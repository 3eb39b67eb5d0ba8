import { type ImportMapping, type ImportTarget } from '../../../shared/import/import.schema';
import type { LogEntryWire } from '../../../shared/logs/log-entry.schema';
import { SUPERVISION_CONTACTS } from '../../../shared/logs/rule-sets';
import { formatTime, hoursToMinutes, minutesToHours, parseTime } from '../../../shared/logs/time';
import { readNumber } from '../../../shared/logs/wire-values';
import { EXPERIENCE_TYPES, SETTINGS } from '../../../shared/reference/lookups';
import type { FieldErrors } from '../../../shared/errors';
import { EXPORT_COLUMNS, NOT_OWN_SUPERVISOR } from '../logs';

/*
 * A spreadsheet row as the log form's payload (LogEntryWire): the product's own CSV export by its
 * columns, any other layout through the columns the user mapped. Values are only translated
 * (names to ids, US dates and 12-hour times to the form's own); what cannot be translated is
 * passed on as it is, so the log form's schema judges it and reports it in its own words.
 */

/** A supervisor record the row may name (by name, "name lastname" or email). */
export type SupervisorRecord = {
  id: number;
  name: string;
  lastname: string;
  email: string;
  /** When the trainee ended this supervisor's access (null: a current supervisor). */
  accessEndedAt: Date | null;
};

/** A row turned into the log form's payload, with what the schema cannot know. */
export type ConvertedRow = {
  wire: LogEntryWire;
  /** The supervisor as the file names it (shown in the preview). */
  supervisorText: string;
  /** Errors found while translating (a supervisor who is not one of the trainee's). */
  errors: FieldErrors;
};

/** Whether the header is the product's own export's (then no mapping is needed). */
export function isExportLayout(headers: readonly string[]): boolean {
  return (
    headers.length === EXPORT_COLUMNS.length &&
    EXPORT_COLUMNS.every((column, index) => headers[index]?.toLowerCase() === column.toLowerCase())
  );
}

/** The mapping restricted to headers the file has; complete when date, start and end are in it. */
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

/** 'YYYY-MM-DD' from ISO, M/D/YYYY or an Excel date-time; anything else as it was. */
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

/** 'HH:mm' from 24-hour or 12-hour times (and an Excel date-time's time); else as it was. */
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

/** A lookup id by its name (or its id written as a number); the text itself when unknown. */
function idByName(text: string, items: readonly { id: number; name: string }[]): string | number {
  if (text === '') return '';
  return items.find((item) => same(item.name, text))?.id ?? text;
}

/** 1 (supervised) or 2 (concentrated) from a name, a word or the id. */
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

/** 'Yes' / 'No' from the usual ways of writing them; else as it was. */
function yesNo(text: string): string {
  if (/^(y|yes|true|1|x)$/i.test(text)) return 'Yes';
  if (/^(n|no|false|0)$/i.test(text)) return 'No';
  return text;
}

/** The first of the listed spellings that matches, case aside; else as it was. */
function choice(text: string, options: readonly string[]): string {
  return options.find((option) => same(option, text)) ?? text;
}

/** Task ids split on ';', ',' or white space. */
function taskList(text: string): string[] {
  return text.split(/[;,\s]+/).filter((id) => id !== '');
}

/**
 * The supervisor record the text names: its email, "name lastname" or name. A name that a
 * current record and a former one share (a supervisor added again) is the current one's.
 */
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

/** The supervisor fields of the payload, or the error for a name that is not the trainee's. */
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

/** A row of the product's own export (EXPORT_COLUMNS, in that order). */
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
 * A row of the user's own layout through their mapping. A row marked supervised without its
 * own supervision times is supervised for the whole entry; 'Restricted' / 'Unrestricted' makes
 * the whole entry so, a number is its unrestricted hours.
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
