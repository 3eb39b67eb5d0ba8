import { INVALID_EMAIL, REQUIRED } from '../wire/primitives';
import type { ExperienceTypeId } from '../reference/lookups';
import { formatDuration, formatMonthYear } from './time';

export const EXPERIENCE_NOTE_MAX_LENGTH = 5000;

/** Every message the experience-log schema reports; SPEC §5 wording where SPEC §5 has one. */
export const LOG_MESSAGES = {
  required: REQUIRED,
  invalidEmail: INVALID_EMAIL,
  invalidDate: '⋆Invalid date',
  invalidTime: '⋆Invalid time',
  notANumber: 'Must be a number',
  notAWholeNumber: 'Must be a whole number',
  negativeHours: 'Hours cannot be negative',
  futureDate: 'Date of experience cannot be in the future',
  endNotAfterStart: 'End time must be after start time',
  unrestrictedAboveExperience: 'Unrestricted hours cannot be more than experience hours',
  supervisionEndNotAfterStart: 'Supervision end time must be after supervision start time',
  supervisionExceedsExperience: 'Supervision duration cannot exceed experience duration.',
  supervisionStartsBeforeExperience: 'Supervision cannot start before the experience starts',
  supervisionEndsAfterExperience: 'Supervision cannot end after the experience ends',
  unknownExperienceType: 'Unknown experience type',
  unknownSupervisionContact: 'Unknown supervision contact',
  unknownSetting: 'Unknown setting',
  selfAsSupervisor: 'You cannot list yourself as your supervisor.',
  chooseIndividualOrGroup: 'Choose Individual, Group or No supervision',
  chooseMethod: 'Choose In Person or Virtual',
  chooseObservation: 'Choose Yes or No',
  observationNotPositive: 'Observation time must be more than 0 (answer No if there was none)',
  noteTooLong: `Must be at most ${EXPERIENCE_NOTE_MAX_LENGTH} characters`,
  /** A month of a structure (a supervisor, or an organization) that holds the other type. */
  oneTypePerStructure: (held: { month: string; structure: string; type: ExperienceTypeId }) => {
    const type = held.type === 2 ? 'concentrated' : 'supervised';
    return `${formatMonthYear(held.month)} with ${held.structure} already holds ${type} fieldwork: a supervision structure accrues one fieldwork type per month. Log this as ${type}, or move the other logs first.`;
  },
} as const;

/** SPEC §5: supervised hours longer than the supervision window they were logged in. */
export function supervisedHoursTooLong(windowMinutes: number): string {
  return `Value cannot be more than ${formatDuration(windowMinutes)}`;
}

/** An observation with a client longer than the supervision window it took place in. */
export function observationLongerThanWindow(windowMinutes: number): string {
  return `Observation cannot be longer than the supervision window (${formatDuration(windowMinutes)})`;
}

/** A task id the log names that is neither a 6th-edition (A.1) nor a 5th-edition id. */
export function unknownTask(id: string): string {
  return `Unknown task id: ${id}`;
}
