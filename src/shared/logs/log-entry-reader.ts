import type { LogEntryWire } from './log-entry.schema';
import { LOG_MESSAGES } from './log-messages';
import { hoursToMinutes, parseTime } from './time';
import { readNumber, readText } from './wire-values';
import { INVALID_ID, MAX_ID, REQUIRED } from '../wire/primitives';

type WireField = keyof LogEntryWire;

export type NumberField =
  | 'expereince_type'
  | 'setting'
  | 'supervisor'
  | 'unrestricted_hours'
  | 'restricted_hours'
  | 'experience_hours'
  | 'supervised_hours'
  | 'independant_hours'
  | 'observation_hours'
  | 'supervision_contact';
export type TextField = Exclude<WireField, NumberField | 'trainee_supervisor' | 'task'>;

export type FieldReader = ReturnType<typeof createFieldReader>;

/** Reads one wire field at a time; a read that reports a problem is null, so later rules skip it. */
export function createFieldReader(
  wire: LogEntryWire,
  report: (field: WireField, message: string) => void,
) {
  let failed = false;
  const fail = (field: WireField, message: string) => {
    failed = true;
    report(field, message);
  };
  const text = (field: TextField): string | null => {
    const value = readText(wire[field]);
    if (value === null) fail(field, REQUIRED);
    return value;
  };
  return {
    fail,
    text,
    hasFailed: () => failed,
    /** A reference id: '⋆Required' unless greater than 0 (SPEC §5); no row has one past MAX_ID. */
    id(field: NumberField): number | null {
      const value = readNumber(wire[field]);
      if (value.kind === 'invalid') fail(field, LOG_MESSAGES.notANumber);
      else if (value.kind === 'absent' || value.value <= 0) fail(field, REQUIRED);
      else if (!Number.isInteger(value.value)) fail(field, LOG_MESSAGES.notAWholeNumber);
      else if (value.value > MAX_ID) fail(field, INVALID_ID);
      else return value.value;
      return null;
    },
    /** Decimal hours as whole minutes; required and never negative. */
    minutes(field: NumberField): number | null {
      const value = readNumber(wire[field]);
      if (value.kind === 'invalid') fail(field, LOG_MESSAGES.notANumber);
      else if (value.kind === 'absent') fail(field, REQUIRED);
      else if (value.value < 0) fail(field, LOG_MESSAGES.negativeHours);
      else return hoursToMinutes(value.value);
      return null;
    },
    /** Decimal hours as whole minutes, or null when left blank; never negative. */
    optionalMinutes(field: NumberField): number | null {
      const value = readNumber(wire[field]);
      if (value.kind === 'invalid') fail(field, LOG_MESSAGES.notANumber);
      else if (value.kind === 'value' && value.value < 0) fail(field, LOG_MESSAGES.negativeHours);
      else if (value.kind === 'value') return hoursToMinutes(value.value);
      return null;
    },
    /** An 'HH:mm' time as minutes of the day. */
    time(field: TextField): number | null {
      const value = text(field);
      const minute = value === null ? null : parseTime(value);
      if (value !== null && minute === null) fail(field, LOG_MESSAGES.invalidTime);
      return minute;
    },
    choice<T extends string>(field: TextField, options: readonly T[], message: string): T | null {
      const value = text(field);
      const match = options.find((option) => option === value) ?? null;
      if (value !== null && match === null) fail(field, message);
      return match;
    },
  };
}
