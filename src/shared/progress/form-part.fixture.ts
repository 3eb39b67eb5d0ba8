import { NO_PART_TOTALS, type FormPartTotals } from './form-hours';

/**
 * Test figures for a month under one form that meet every requirement of both standards on their
 * own (10% supervised, all individual, 4 contacts, one observation of 60 minutes), unless
 * overridden.
 */
export function healthyPart(
  hours: number,
  overrides: Partial<FormPartTotals> = {},
): FormPartTotals {
  return {
    ...NO_PART_TOTALS,
    totalMinutes: hours * 60,
    supervisedMinutes: Math.ceil(hours * 0.1) * 60,
    individualMinutes: Math.ceil(hours * 0.1) * 60,
    unrestrictedMinutes: hours * 0.7 * 60,
    contacts: 4,
    observations: 1,
    observationMinutes: 60,
    ...overrides,
  };
}
