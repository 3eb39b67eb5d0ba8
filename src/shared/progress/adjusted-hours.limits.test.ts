import { describe, expect, it } from 'vitest';
import type { MonthTotals } from '../logs/monthly-checks';
import { createMonthTotals } from '../logs/monthly-checks.factory';
import { RULE_SETS } from '../logs/rule-sets';
import { adjustMonth } from './adjusted-hours';

/** A removal's reason never shows a figure rounded onto the limit it fails (issue: "4.96 %"). */

const HOUR = 60;

const reasonsOf = (overrides: Partial<MonthTotals>) =>
  adjustMonth(createMonthTotals(overrides), 1, RULE_SETS['2022']).removals.map(
    (removal) => removal.reason,
  );

describe('adjustMonth: figures beside the limit they fail', () => {
  const cases: [string, Partial<MonthTotals>, string][] = [
    [
      '6 supervised hours of 121 (4.958…%) are 4.96%, not 5.0%',
      { totalMinutes: 121 * HOUR, supervisedMinutes: 6 * HOUR, individualMinutes: 6 * HOUR },
      'supervision was 4.96% of hours (5% required): 1 independent hour removed',
    ],
    [
      '4 supervised hours of 100 need one decimal only',
      { supervisedMinutes: 4 * HOUR, individualMinutes: 4 * HOUR, groupMinutes: 0 },
      'supervision was 4.0% of hours (5% required): 20 independent hours removed',
    ],
    [
      '6 supervised hours of 120.5 (4.979…%) are 4.98%',
      { totalMinutes: 120.5 * HOUR, supervisedMinutes: 6 * HOUR, individualMinutes: 6 * HOUR },
      'supervision was 4.98% of hours (5% required): 0.5 independent hours removed',
    ],
  ];
  it.each(cases)('%s', (_name, overrides, reason) => {
    expect(reasonsOf({ groupMinutes: 0, ...overrides })).toEqual([reason]);
  });

  it('shows a total just above the maximum as above it, not as the maximum', () => {
    const [reason] = reasonsOf({ totalMinutes: 130 * HOUR + 5 });
    expect(reason).toMatch(/^130\.08 hours is above the monthly maximum of 130: /);
  });
});
