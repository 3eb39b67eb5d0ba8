import { describe, expect, it } from 'vitest';
import type { MonthTotals } from '../logs/monthly-checks';
import { createMonthTotals } from '../logs/monthly-checks.factory';
import { RULE_SETS, type RuleSetId } from '../logs/rule-sets';
import { adjustMonth, adjustMonthSplit, ADJUSTMENT_ORDER } from './adjusted-hours';

const HOUR = 60;

const adjust = (overrides: Partial<MonthTotals>, ruleSet: RuleSetId = '2022', type: 1 | 2 = 1) =>
  adjustMonth(createMonthTotals(overrides), type, RULE_SETS[ruleSet]);

describe('adjustMonth: months that count in part', () => {
  it('removes independent hours above the monthly maximum', () => {
    expect(adjust({ totalMinutes: 148 * HOUR })).toEqual({
      rawMinutes: 8880,
      countedMinutes: 7800,
      removals: [
        {
          rule: 'above-maximum',
          minutes: 1080,
          reason: '148 hours is above the monthly maximum of 130: 18 independent hours removed',
        },
      ],
    });
  });

  it('counts hours in proportion to the contacts held (2022)', () => {
    expect(adjust({ totalMinutes: 130 * HOUR, contacts: 3 })).toEqual({
      rawMinutes: 7800,
      countedMinutes: 5850,
      removals: [
        {
          rule: 'too-few-contacts',
          minutes: 1950,
          reason: '3 of 4 supervision contacts: 97.5 of 130 hours count',
        },
      ],
    });
  });

  it('caps the hours at the maximum before the contacts proportion', () => {
    expect(adjust({ totalMinutes: 148 * HOUR, contacts: 3 })).toEqual({
      rawMinutes: 8880,
      countedMinutes: 5850,
      removals: [
        {
          rule: 'above-maximum',
          minutes: 1080,
          reason: '148 hours is above the monthly maximum of 130: 18 independent hours removed',
        },
        {
          rule: 'too-few-contacts',
          minutes: 1950,
          reason: '3 of 4 supervision contacts: 97.5 of 130 hours count',
        },
      ],
    });
  });

  it('counts nothing when no supervision meeting was a contact (2022)', () => {
    expect(adjust({ contacts: 0 }).countedMinutes).toBe(0);
  });

  it('cuts group supervision to equal individual supervision', () => {
    expect(adjust({ individualMinutes: 4 * HOUR, groupMinutes: 6 * HOUR })).toEqual({
      rawMinutes: 6000,
      countedMinutes: 5880,
      removals: [
        {
          rule: 'group-exceeds-individual',
          minutes: 120,
          reason:
            'group supervision (6 hours) exceeded individual supervision (4 hours): 2 group hours removed',
        },
      ],
    });
  });

  it('removes independent hours until the supervision percentage is met', () => {
    expect(
      adjust({ supervisedMinutes: 4 * HOUR, individualMinutes: 4 * HOUR, groupMinutes: 0 }),
    ).toEqual({
      rawMinutes: 6000,
      countedMinutes: 4800,
      removals: [
        {
          rule: 'supervision-percent',
          minutes: 1200,
          reason: 'supervision was 4.0% of hours (5% required): 20 independent hours removed',
        },
      ],
    });
  });

  it('measures the supervision percentage after the group cut', () => {
    expect(
      adjust({ supervisedMinutes: 6 * HOUR, individualMinutes: 2 * HOUR, groupMinutes: 4 * HOUR }),
    ).toEqual({
      rawMinutes: 6000,
      countedMinutes: 4800,
      removals: [
        {
          rule: 'group-exceeds-individual',
          minutes: 120,
          reason:
            'group supervision (4 hours) exceeded individual supervision (2 hours): 2 group hours removed',
        },
        {
          rule: 'supervision-percent',
          minutes: 1080,
          reason: 'supervision was 4.1% of hours (5% required): 18 independent hours removed',
        },
      ],
    });
  });

  it.each<[Partial<MonthTotals>, RuleSetId]>([
    [
      {
        totalMinutes: 9000,
        supervisedMinutes: 301,
        individualMinutes: 100,
        groupMinutes: 201,
        contacts: 1,
      },
      '2022',
    ],
    [
      {
        totalMinutes: 7777,
        supervisedMinutes: 389,
        individualMinutes: 389,
        groupMinutes: 0,
        contacts: 2,
      },
      '2022',
    ],
    [{ totalMinutes: 9700, supervisedMinutes: 50, individualMinutes: 0, groupMinutes: 50 }, '2027'],
  ])(
    'never counts below 0 or above the raw hours, and the removals add up: %j',
    (overrides, ruleSet) => {
      const adjusted = adjust(overrides, ruleSet);
      const removed = adjusted.removals.reduce((sum, removal) => sum + removal.minutes, 0);
      expect(adjusted.countedMinutes).toBeGreaterThanOrEqual(0);
      expect(adjusted.countedMinutes).toBeLessThan(adjusted.rawMinutes);
      expect(removed).toBe(adjusted.rawMinutes - adjusted.countedMinutes);
      expect(adjusted.removals.map((removal) => ADJUSTMENT_ORDER.indexOf(removal.rule))).toEqual(
        [...adjusted.removals.map((removal) => ADJUSTMENT_ORDER.indexOf(removal.rule))].sort(
          (a, b) => a - b,
        ),
      );
    },
  );
});

describe('adjustMonthSplit: the supervised minutes that still count', () => {
  // The factory's month: 100 h, 10 supervised (6 individual, 4 group), 6 contacts.
  it.each<[string, Partial<MonthTotals>, RuleSetId, { counted: number; supervised: number }]>([
    ['a month that counts in full', {}, '2022', { counted: 100 * HOUR, supervised: 10 * HOUR }],
    [
      'the cap (independent hours go first)',
      { totalMinutes: 148 * HOUR },
      '2022',
      { counted: 130 * HOUR, supervised: 10 * HOUR },
    ],
    [
      'group hours above individual (cut from supervision)',
      { individualMinutes: 3 * HOUR, groupMinutes: 7 * HOUR },
      '2022',
      { counted: 96 * HOUR, supervised: 6 * HOUR },
    ],
    [
      'too little supervision (independent hours go)',
      { supervisedMinutes: 4 * HOUR, individualMinutes: 4 * HOUR, groupMinutes: 0 },
      '2022',
      { counted: 80 * HOUR, supervised: 4 * HOUR },
    ],
    [
      'too few contacts (both kinds shrink in proportion)',
      { contacts: 3 },
      '2022',
      { counted: 75 * HOUR, supervised: 7.5 * HOUR },
    ],
    ['a month that counts nothing', { observations: 0 }, '2022', { counted: 0, supervised: 0 }],
  ])('splits %s', (_, overrides, ruleSet, expected) => {
    const adjusted = adjustMonthSplit(createMonthTotals(overrides), 1, RULE_SETS[ruleSet]);
    expect([adjusted.countedMinutes, adjusted.countedSupervisedMinutes]).toEqual([
      expected.counted,
      expected.supervised,
    ]);
  });

  it('says what adjustMonth says', () => {
    const totals = createMonthTotals({ totalMinutes: 148 * HOUR, contacts: 3 });
    const { countedSupervisedMinutes: _supervised, ...split } = adjustMonthSplit(
      totals,
      1,
      RULE_SETS['2022'],
    );
    expect(split).toEqual(adjustMonth(totals, 1, RULE_SETS['2022']));
  });
});
