import type { FieldReader } from './log-entry-reader';
import { LOG_MESSAGES, observationLongerThanWindow } from './log-messages';
import { minutesToHours } from './time';
import { WireNumberSchema } from './wire-values';

/**
 * The 2027 standards count a month's observation minutes (60 supervised, 90 concentrated:
 * BACB-RULES "Rule sets"), so a log keeps the duration; at most the supervision window, and left
 * blank the whole window, as every log was counted before the duration existed.
 */
export type ObservationEntry = {
  /** The log's client_observation answer; null for a 'No supervision' entry. */
  clientObservation: string | null;
  /** Supervision end − start, in minutes; null while the window is not a valid one. */
  supervisionWindowMinutes: number | null;
  /** The duration the trainee entered, in whole minutes; null when left blank. */
  enteredMinutes: number | null;
};

export type ObservationMinutes =
  { minutes: number | null; error: null } | { minutes: null; error: string };

/** None unless 'Yes'; blank: the window; else more than 0 and at most the window (if known). */
export function resolveObservationMinutes(entry: ObservationEntry): ObservationMinutes {
  if (entry.clientObservation !== 'Yes') return { minutes: null, error: null };
  const window = entry.supervisionWindowMinutes;
  const entered = entry.enteredMinutes;
  if (entered === null) return { minutes: window, error: null };
  if (entered <= 0) return { minutes: null, error: LOG_MESSAGES.observationNotPositive };
  if (window !== null && entered > window) {
    return { minutes: null, error: observationLongerThanWindow(window) };
  }
  return { minutes: entered, error: null };
}

/** An observation's duration as people read it: 45 → '0.75 h (45 min)'. */
export function formatObservation(minutes: number): string {
  return `${minutesToHours(minutes)} h (${minutes} min)`;
}

/** `observation_hours` on the wire: decimal hours like the contract's other durations. */
export const ObservationHoursWireSchema = WireNumberSchema.describe(
  'Decimal hours the supervisor observed the trainee with a client, read when ' +
    'client_observation is Yes: more than 0 and at most the supervision window; left out, the ' +
    'whole supervision window. Ignored (stored as null) otherwise.',
);

/** Reads `observation_hours` of a supervised entry; `from`/`to`: supervision times or null. */
export function readObservation(
  read: FieldReader,
  supervision: { clientObservation: string | null; from: number | null; to: number | null },
): number | null {
  const { clientObservation, from, to } = supervision;
  // Without an observation the field is ignored, like the fields 'No supervision' hides.
  if (clientObservation !== 'Yes') return null;
  const result = resolveObservationMinutes({
    clientObservation,
    supervisionWindowMinutes: from !== null && to !== null && to > from ? to - from : null,
    enteredMinutes: read.optionalMinutes('observation_hours'),
  });
  if (result.error !== null) read.fail('observation_hours', result.error);
  return result.minutes;
}
