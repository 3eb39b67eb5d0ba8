import type { FvfLogRow } from './fvf-values';

/*
 * Test factory: a stored log as the forms read it, with overrides.
 */

const HOUR = 60;

/** A supervised-fieldwork log of 5 hours, 1 of them individually supervised, with supervisor 7. */
export function createFvfLog(overrides: Partial<FvfLogRow> = {}): FvfLogRow {
  return {
    dateOfExperience: '2026-03-10',
    experienceTypeId: 1,
    experienceMinutes: 5 * HOUR,
    supervisedMinutes: HOUR,
    unrestrictedMinutes: 3 * HOUR,
    individualOrGroup: 'Individual',
    clientObservation: 'No',
    observationMinutes: null,
    supervisionContactId: 1,
    traineeSupervisorId: 7,
    ...overrides,
  };
}
