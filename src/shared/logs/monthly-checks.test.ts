import { describe, expect, it } from 'vitest';
import {
  buildMonthTotals,
  checkMonth,
  type CheckKey,
  type CheckStatus,
  type MonthLogRow,
  type MonthTotals,
} from './monthly-checks';
import { createMonthTotals } from './monthly-checks.factory';
import { RULE_SETS, type RuleSetId } from './rule-sets';

function statusOf(
  key: CheckKey,
  overrides: Partial<MonthTotals>,
  ruleSet: RuleSetId,
  type: 1 | 2,
): CheckStatus | undefined {
  return checkMonth(createMonthTotals(overrides), type, RULE_SETS[ruleSet]).find(
    (check) => check.key === key,
  )?.status;
}

describe('checkMonth', () => {
  it('lists every check of a supervised month under the 2022 standards', () => {
    const checks = checkMonth(createMonthTotals(), 1, RULE_SETS['2022']);
    expect(checks.map((c) => [c.key, c.required, c.actual, c.unit, c.status])).toEqual([
      ['total-min', 20, 100, 'hours', 'pass'],
      ['total-max', 130, 100, 'hours', 'pass'],
      ['supervision-percent', 5, 10, 'percent', 'pass'],
      ['contacts', 4, 6, 'count', 'pass'],
      ['observation', 1, 1, 'count', 'pass'],
      ['individual-percent', 50, 60, 'percent', 'pass'],
      ['unrestricted-percent', 60, 65, 'percent', 'pass'],
    ]);
    expect(checks.map((c) => c.label)).toEqual([
      'Total hours (minimum)',
      'Total hours (maximum)',
      'Supervision (% of total hours)',
      'Supervision contacts',
      'Observations with a client',
      'Individual supervision (% of supervised hours)',
      'Unrestricted hours (% of all hours to date)',
    ]);
  });

  it('measures a 2027 observation in minutes and shows contacts as information', () => {
    const checks = checkMonth(createMonthTotals({ contacts: 0 }), 2, RULE_SETS['2027']);
    expect(checks.find((check) => check.key === 'observation')).toEqual({
      key: 'observation',
      label: 'Observation with a client',
      required: 90,
      actual: 90,
      unit: 'minutes',
      status: 'pass',
    });
    expect(checks.find((check) => check.key === 'contacts')).toEqual({
      key: 'contacts',
      label: 'Supervision contacts',
      required: null,
      actual: 0,
      unit: 'count',
      status: 'info',
    });
  });

  it.each<[string, CheckKey, Partial<MonthTotals>, RuleSetId, 1 | 2, CheckStatus]>([
    ['exactly 20 hours', 'total-min', { totalMinutes: 1200 }, '2022', 1, 'pass'],
    ['a minute under 20 hours', 'total-min', { totalMinutes: 1199 }, '2027', 2, 'fail'],
    ['exactly 130 hours in 2022', 'total-max', { totalMinutes: 130 * 60 }, '2022', 1, 'pass'],
    ['131 hours in 2022', 'total-max', { totalMinutes: 131 * 60 }, '2022', 1, 'fail'],
    ['131 hours in 2022, concentrated', 'total-max', { totalMinutes: 131 * 60 }, '2022', 2, 'fail'],
    ['131 hours in 2027', 'total-max', { totalMinutes: 131 * 60 }, '2027', 1, 'pass'],
    ['exactly 160 hours in 2027', 'total-max', { totalMinutes: 160 * 60 }, '2027', 2, 'pass'],
    ['a minute over 160 hours in 2027', 'total-max', { totalMinutes: 9601 }, '2027', 1, 'fail'],
    ['exactly 5% supervised', 'supervision-percent', { supervisedMinutes: 300 }, '2022', 1, 'pass'],
    ['just under 5%', 'supervision-percent', { supervisedMinutes: 299 }, '2027', 1, 'fail'],
    [
      '5% of a concentrated 2022 month',
      'supervision-percent',
      { supervisedMinutes: 300 },
      '2022',
      2,
      'fail',
    ],
    [
      'exactly 10%, concentrated 2022',
      'supervision-percent',
      { supervisedMinutes: 600 },
      '2022',
      2,
      'pass',
    ],
    [
      'exactly 7.5%, concentrated 2027',
      'supervision-percent',
      { supervisedMinutes: 450 },
      '2027',
      2,
      'pass',
    ],
    ['just under 7.5%', 'supervision-percent', { supervisedMinutes: 449 }, '2027', 2, 'fail'],
    [
      'a month with no hours',
      'supervision-percent',
      { totalMinutes: 0, supervisedMinutes: 0 },
      '2022',
      1,
      'info',
    ],
    ['3 contacts, supervised 2022', 'contacts', { contacts: 3 }, '2022', 1, 'fail'],
    ['4 contacts, supervised 2022', 'contacts', { contacts: 4 }, '2022', 1, 'pass'],
    ['5 contacts, concentrated 2022', 'contacts', { contacts: 5 }, '2022', 2, 'fail'],
    ['6 contacts, concentrated 2022', 'contacts', { contacts: 6 }, '2022', 2, 'pass'],
    ['no contacts in 2027', 'contacts', { contacts: 0 }, '2027', 1, 'info'],
    ['no observation in 2022', 'observation', { observations: 0 }, '2022', 1, 'fail'],
    [
      'one observation in 2022',
      'observation',
      { observations: 1, observationMinutes: 15 },
      '2022',
      2,
      'pass',
    ],
    [
      '59 observation minutes, supervised 2027',
      'observation',
      { observationMinutes: 59 },
      '2027',
      1,
      'fail',
    ],
    [
      '60 observation minutes, supervised 2027',
      'observation',
      { observationMinutes: 60 },
      '2027',
      1,
      'pass',
    ],
    [
      '89 observation minutes, concentrated 2027',
      'observation',
      { observationMinutes: 89 },
      '2027',
      2,
      'fail',
    ],
    [
      '90 observation minutes, concentrated 2027',
      'observation',
      { observationMinutes: 90 },
      '2027',
      2,
      'pass',
    ],
    [
      'group equal to individual',
      'individual-percent',
      { individualMinutes: 300, groupMinutes: 300, supervisedMinutes: 600 },
      '2022',
      1,
      'pass',
    ],
    [
      'group above individual',
      'individual-percent',
      { individualMinutes: 299, groupMinutes: 301, supervisedMinutes: 600 },
      '2027',
      2,
      'fail',
    ],
    [
      'no supervision at all',
      'individual-percent',
      { individualMinutes: 0, groupMinutes: 0, supervisedMinutes: 0 },
      '2022',
      1,
      'info',
    ],
    [
      'exactly 60% unrestricted',
      'unrestricted-percent',
      { cumulativeUnrestrictedMinutes: 240 * 60 },
      '2022',
      1,
      'pass',
    ],
    [
      'a minute under 60% unrestricted',
      'unrestricted-percent',
      { cumulativeUnrestrictedMinutes: 240 * 60 - 1 },
      '2027',
      2,
      'fail',
    ],
    [
      'no hours logged yet',
      'unrestricted-percent',
      { cumulativeTotalMinutes: 0, cumulativeUnrestrictedMinutes: 0 },
      '2022',
      1,
      'info',
    ],
  ])('%s: %s is %s', (_, key, overrides, ruleSet, type, expected) => {
    expect(statusOf(key, overrides, ruleSet, type)).toBe(expected);
  });
});

function createLogRow(overrides: Partial<MonthLogRow> = {}): MonthLogRow {
  return {
    dateOfExperience: '2026-03-10',
    experienceTypeId: 1,
    experienceMinutes: 180,
    supervisedMinutes: 60,
    unrestrictedMinutes: 120,
    individualOrGroup: 'Individual',
    clientObservation: 'No',
    observationMinutes: null,
    supervisionContactId: 1,
    ...overrides,
  };
}

describe('buildMonthTotals', () => {
  const logs = [
    // An observation of 45 minutes within an hour of supervision.
    createLogRow({ clientObservation: 'Yes', observationMinutes: 45 }),
    createLogRow({ individualOrGroup: 'Group', supervisedMinutes: 90, supervisionContactId: 2 }),
    // A phone call is logged supervision but not a contact.
    createLogRow({
      supervisionContactId: 5,
      supervisedMinutes: 30,
      clientObservation: 'Yes',
      observationMinutes: 30,
    }),
    createLogRow({
      individualOrGroup: 'No supervision',
      supervisedMinutes: 0,
      clientObservation: null,
      supervisionContactId: null,
      unrestrictedMinutes: 0,
    }),
    createLogRow({ dateOfExperience: '2026-03-31', experienceTypeId: 2, experienceMinutes: 240 }),
    createLogRow({
      dateOfExperience: '2026-02-27',
      experienceMinutes: 300,
      unrestrictedMinutes: 60,
    }),
    createLogRow({ dateOfExperience: '2026-04-01', experienceMinutes: 600 }),
  ];

  it('adds up one month of one fieldwork type, with all earlier hours in the cumulative figures', () => {
    expect(buildMonthTotals(logs, { month: '2026-03', experienceTypeId: 1 })).toEqual({
      totalMinutes: 720,
      supervisedMinutes: 180,
      individualMinutes: 90,
      groupMinutes: 90,
      unrestrictedMinutes: 360,
      contacts: 2,
      observations: 2,
      observationMinutes: 45 + 30,
      cumulativeTotalMinutes: 720 + 240 + 300,
      cumulativeUnrestrictedMinutes: 360 + 120 + 60,
    });
  });

  it('keeps the concentrated logs of the month apart', () => {
    expect(buildMonthTotals(logs, { month: '2026-03', experienceTypeId: 2 })).toMatchObject({
      totalMinutes: 240,
      supervisedMinutes: 60,
      contacts: 1,
      observations: 0,
      cumulativeTotalMinutes: 1260,
    });
  });

  it('gives zeros for a month without logs', () => {
    expect(buildMonthTotals(logs, { month: '2026-01', experienceTypeId: 1 })).toEqual({
      totalMinutes: 0,
      supervisedMinutes: 0,
      individualMinutes: 0,
      groupMinutes: 0,
      unrestrictedMinutes: 0,
      contacts: 0,
      observations: 0,
      observationMinutes: 0,
      cumulativeTotalMinutes: 0,
      cumulativeUnrestrictedMinutes: 0,
    });
  });
});
