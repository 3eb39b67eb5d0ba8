import type { MonthTotals } from './monthly-checks';

/*
 * Test factory for a month's totals, shared by the monthly-check and adjusted-hours tests.
 */

/**
 * A month of one fieldwork type that meets every requirement of both rule sets and both types:
 * 100 hours, 10 supervised (6 individual, 4 group), 6 contacts, one 90-minute observation, and
 * 65% unrestricted to date.
 */
export function createMonthTotals(overrides: Partial<MonthTotals> = {}): MonthTotals {
  return {
    totalMinutes: 100 * 60,
    supervisedMinutes: 10 * 60,
    individualMinutes: 6 * 60,
    groupMinutes: 4 * 60,
    unrestrictedMinutes: 70 * 60,
    contacts: 6,
    observations: 1,
    observationMinutes: 90,
    cumulativeTotalMinutes: 400 * 60,
    cumulativeUnrestrictedMinutes: 260 * 60,
    ...overrides,
  };
}
