import type { LogEntryInput, LogEntrySchema, LogEntryWire } from './log-entry.schema';

/*
 * Test factories for the experience-log schema: a valid payload with overrides, what it parses
 * to, and the field messages of a payload that fails.
 */

/** A valid payload, a supervised morning: 09:00–12:00, supervised 10:00–11:00, 2 of 3 hours unrestricted. */
export function createLogPayload(overrides: Partial<LogEntryWire> = {}): LogEntryWire {
  return {
    expereince_type: 1,
    setting: 2,
    supervisor: 7,
    trainee_supervisor: 7,
    date_of_experience: '2026-03-05',
    time_of_expereince_start: '09:00',
    time_of_expereince_end: '12:00',
    unrestricted_hours: 2,
    restricted_hours: 1,
    experience_hours: 3,
    individual_or_group: 'Individual',
    method_of_supervision: 'In Person',
    supervision_start_time: '10:00',
    supervision_end_time: '11:00',
    supervised_hours: 1,
    independant_hours: 2,
    client_observation: 'Yes',
    supervision_contact: 3,
    task: ['A.1', 'B.2'],
    experience_note: 'Ran a preference assessment',
    newSupervisor: '',
    newSupervisorEmail: '',
    ...overrides,
  };
}

/** What `createLogPayload()` parses to. */
export const PARSED: LogEntryInput = {
  experienceTypeId: 1,
  settingId: 2,
  traineeSupervisorId: 7,
  newSupervisor: null,
  dateOfExperience: '2026-03-05',
  startMinute: 540,
  endMinute: 720,
  experienceMinutes: 180,
  unrestrictedMinutes: 120,
  restrictedMinutes: 60,
  individualOrGroup: 'Individual',
  methodOfSupervision: 'In Person',
  supervisionStartMinute: 600,
  supervisionEndMinute: 660,
  supervisedMinutes: 60,
  independentMinutes: 120,
  clientObservation: 'Yes',
  observationMinutes: 60,
  supervisionContactId: 3,
  taskIds: ['A.1', 'B.2'],
  experienceNote: 'Ran a preference assessment',
};

/** The messages of a failed parse, keyed by wire field (what a form shows under each field). */
export function errorsOf(schema: LogEntrySchema, payload: unknown): Record<string, string[]> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}
