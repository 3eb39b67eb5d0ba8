import { describe, expect, it } from 'vitest';
import type { MonthTotals } from '../logs/monthly-checks';
import { createMonthTotals } from '../logs/monthly-checks.factory';
import { RULE_SETS, type RuleSetId } from '../logs/rule-sets';
import { adjustMonth, ADJUSTMENT_ORDER, type AdjustedMonth } from './adjusted-hours';

const HOUR = 60;

const adjust = (overrides: Partial<MonthTotals>, ruleSet: RuleSetId = '2022', type: 1 | 2 = 1) =>
  adjustMonth(createMonthTotals(overrides), type, RULE_SETS[ruleSet]);

const countsAll = (minutes: number): AdjustedMonth => ({
  rawMinutes: minutes,
  countedMinutes: minutes,
  removals: [],
});

describe('ADJUSTMENT_ORDER', () => {
  it('sets apart hours that may not count ("Starting Fieldwork"), then applies the zeroing rules, the cap, group cut, percentage and contacts', () => {
    expect(ADJUSTMENT_ORDER).toEqual([
      'before-coursework',
      'before-contract',
      'after-contract',
      'form-signed-late',
      'concentrated-failed',
      'no-observation',
      'below-minimum',
      'above-maximum',
      'group-exceeds-individual',
      'supervision-percent',
      'too-few-contacts',
    ]);
  });
});

describe('adjustMonth: months that count in full', () => {
  it.each<[string, Partial<MonthTotals>, RuleSetId, 1 | 2]>([
    ['a supervised month meeting every requirement', {}, '2022', 1],
    ['a concentrated month meeting every requirement', {}, '2022', 2],
    ['a 2027 month without contacts (contacts are information only)', { contacts: 0 }, '2027', 1],
    ['a 2027 concentrated month without contacts', { contacts: 0 }, '2027', 2],
    ['a month of 148 hours under the 2027 maximum of 160', { totalMinutes: 148 * HOUR }, '2027', 1],
    [
      'exactly 20 hours',
      {
        totalMinutes: 20 * HOUR,
        supervisedMinutes: 2 * HOUR,
        individualMinutes: 2 * HOUR,
        groupMinutes: 0,
      },
      '2022',
      1,
    ],
    [
      'a month below 60% unrestricted to date (not a monthly shortfall)',
      { cumulativeUnrestrictedMinutes: 0 },
      '2022',
      2,
    ],
  ])('counts %s', (_, overrides, ruleSet, type) => {
    const totals = createMonthTotals(overrides);
    expect(adjustMonth(totals, type, RULE_SETS[ruleSet])).toEqual(countsAll(totals.totalMinutes));
  });

  it('counts nothing and removes nothing in a month without hours', () => {
    expect(
      adjust({ totalMinutes: 0, supervisedMinutes: 0, individualMinutes: 0, groupMinutes: 0 }),
    ).toEqual({
      rawMinutes: 0,
      countedMinutes: 0,
      removals: [],
    });
  });
});

describe('adjustMonth: months that count nothing', () => {
  it('counts nothing for a month without an observation', () => {
    expect(adjust({ totalMinutes: 84.5 * HOUR, observations: 0, observationMinutes: 0 })).toEqual({
      rawMinutes: 5070,
      countedMinutes: 0,
      removals: [
        {
          rule: 'no-observation',
          minutes: 5070,
          reason: 'no observation this month: 0 of 84.5 hours count',
        },
      ],
    });
  });

  it.each<[number, 1 | 2, string]>([
    [45, 1, 'only 45 of 60 observation minutes this month: 0 of 100 hours count'],
    [0, 1, 'no observation this month: 0 of 100 hours count'],
  ])(
    'counts nothing for a 2027 month with %i observation minutes',
    (observationMinutes, type, reason) => {
      expect(adjust({ observationMinutes }, '2027', type).removals).toEqual([
        { rule: 'no-observation', minutes: 6000, reason },
      ]);
    },
  );

  it('counts nothing for a month of fewer than 20 hours', () => {
    expect(
      adjust({
        totalMinutes: 18.5 * HOUR,
        supervisedMinutes: 2 * HOUR,
        individualMinutes: 2 * HOUR,
        groupMinutes: 0,
      }),
    ).toEqual({
      rawMinutes: 1110,
      countedMinutes: 0,
      removals: [
        {
          rule: 'below-minimum',
          minutes: 1110,
          reason: 'fewer than 20 hours this month: 0 of 18.5 hours count',
        },
      ],
    });
  });

  it.each<[string, Partial<MonthTotals>, RuleSetId, string]>([
    [
      'too little supervision',
      { supervisedMinutes: 8 * HOUR, individualMinutes: 4 * HOUR },
      '2022',
      'supervision (% of total hours)',
    ],
    [
      'hours above the maximum',
      { totalMinutes: 131 * HOUR, supervisedMinutes: 14 * HOUR, individualMinutes: 10 * HOUR },
      '2022',
      'total hours (maximum)',
    ],
    [
      'hours above the 2027 maximum',
      { totalMinutes: 161 * HOUR, supervisedMinutes: 13 * HOUR, individualMinutes: 9 * HOUR },
      '2027',
      'total hours (maximum)',
    ],
    ['five contacts', { contacts: 5 }, '2022', 'supervision contacts'],
    [
      'group above individual',
      { individualMinutes: 4 * HOUR, groupMinutes: 6 * HOUR },
      '2027',
      'individual supervision (% of supervised hours)',
    ],
    [
      'fewer than 20 hours',
      {
        totalMinutes: 19 * HOUR,
        supervisedMinutes: 2 * HOUR,
        individualMinutes: 2 * HOUR,
        groupMinutes: 0,
      },
      '2022',
      'total hours (minimum)',
    ],
    ['89 observation minutes', { observationMinutes: 89 }, '2027', 'observation with a client'],
  ])(
    'counts nothing for a concentrated month with %s (never partly adjusted)',
    (_, overrides, ruleSet, failed) => {
      const totals = createMonthTotals(overrides);
      expect(adjustMonth(totals, 2, RULE_SETS[ruleSet])).toEqual({
        rawMinutes: totals.totalMinutes,
        countedMinutes: 0,
        removals: [
          {
            rule: 'concentrated-failed',
            minutes: totals.totalMinutes,
            reason: `concentrated month missed a requirement (${failed}): 0 of ${totals.totalMinutes / HOUR} hours count`,
          },
        ],
      });
    },
  );

  it('names every requirement a concentrated month missed', () => {
    expect(adjust({ contacts: 2, observations: 0 }, '2022', 2).removals[0]?.reason).toBe(
      'concentrated month missed a requirement (supervision contacts, observations with a client): 0 of 100 hours count',
    );
  });
});

describe('removal reasons', () => {
  it('says "hour" for exactly one hour and "hours" otherwise', () => {
    const base = {
      totalMinutes: 30 * 60,
      supervisedMinutes: 3 * 60,
      individualMinutes: 60,
      groupMinutes: 2 * 60,
      unrestrictedMinutes: 20 * 60,
      contacts: 4,
      observations: 1,
      observationMinutes: 60,
      cumulativeTotalMinutes: 30 * 60,
      cumulativeUnrestrictedMinutes: 20 * 60,
    };
    const reasons = adjustMonth(base, 1, RULE_SETS['2022']).removals.map(
      (removal) => removal.reason,
    );
    expect(reasons.some((reason) => reason.endsWith('1 group hour removed'))).toBe(true);
  });
});
