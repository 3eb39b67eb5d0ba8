import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import { addMonths } from '../logs/time';
import type { ExperienceTypeId } from '../reference/lookups';
import {
  goalMinutesLeft,
  planToFinish,
  unrestrictedMinutesLeft,
  type PlanHistoryMonth,
  type PlanInput,
} from './plan';
import { currentMonthRoom, daysLeftInMonth, spreadEvenly } from './plan-spread';

const HOUR = 60;

/** A month of the record; by default 100 supervised hours, all counted, 65% unrestricted. */
function historyMonth(overrides: Partial<PlanHistoryMonth> = {}): PlanHistoryMonth {
  return {
    month: '2026-01',
    experienceTypeId: 1,
    rawMinutes: 100 * HOUR,
    countedMinutes: 100 * HOUR,
    approvedMinutes: 100 * HOUR,
    reasons: [],
    unrestrictedMinutes: 65 * HOUR,
    supervisedMinutes: 10 * HOUR,
    individualMinutes: 6 * HOUR,
    contacts: 4,
    observations: 1,
    observationMinutes: 60,
    ...overrides,
  };
}

function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    today: '2026-06-10',
    targetDate: '2027-11-30',
    ruleSet: RULE_SETS['2022'],
    types: [1] satisfies ExperienceTypeId[],
    history: [],
    ...overrides,
  };
}

describe('goalMinutesLeft', () => {
  const rules = RULE_SETS['2027'];
  it('needs 2,000 supervised hours, or 1,500 concentrated', () => {
    expect(goalMinutesLeft(rules, 1, { supervised: 0, concentrated: 0 })).toBe(2000 * HOUR);
    expect(goalMinutesLeft(rules, 2, { supervised: 0, concentrated: 0 })).toBe(1500 * HOUR);
  });

  it('counts concentrated hours ×1.33 toward 2,000 when types are mixed', () => {
    // 1,000 h concentrated = 1,330 toward 2,000: 670 supervised hours left.
    expect(goalMinutesLeft(rules, 1, { supervised: 0, concentrated: 1000 * HOUR })).toBe(
      670 * HOUR,
    );
    // 1,000 supervised: 1,000 / 1.33 = 751.88 concentrated hours, rounded up to the minute.
    expect(goalMinutesLeft(rules, 2, { supervised: 1000 * HOUR, concentrated: 0 })).toBe(
      Math.ceil((1000 * HOUR * 100) / 133),
    );
  });

  it('is met at 1,500 concentrated hours although 1,500 × 1.33 is 1,995', () => {
    expect(goalMinutesLeft(rules, 1, { supervised: 0, concentrated: 1500 * HOUR })).toBe(0);
  });
});

describe('unrestrictedMinutesLeft', () => {
  it('asks for more hours, all unrestricted, until they are 60% of all hours', () => {
    // 1,000 h with 500 unrestricted: 500 + x ≥ 0.6 (1,000 + x) → x ≥ 250.
    expect(
      unrestrictedMinutesLeft(60, { totalMinutes: 1000 * HOUR, unrestrictedMinutes: 500 * HOUR }),
    ).toBe(250 * HOUR);
    expect(
      unrestrictedMinutesLeft(60, { totalMinutes: 1000 * HOUR, unrestrictedMinutes: 600 * HOUR }),
    ).toBe(0);
  });
});

describe('spreadEvenly', () => {
  const room = { least: 20 * HOUR, most: 130 * HOUR, isRequired: false };
  it('spreads evenly in quarter hours, the extra quarter hours first', () => {
    expect(spreadEvenly(100 * HOUR + 30, [room, room, room, room])).toEqual([
      1515, 1515, 1500, 1500,
    ]);
  });

  it('leaves the last months empty rather than plan a month under the minimum', () => {
    expect(spreadEvenly(50 * HOUR, [room, room, room, room])).toEqual([1500, 1500, 0, 0]);
    expect(spreadEvenly(5 * HOUR, [room, room])).toEqual([1200, 0]);
  });

  it('fills the current month at least to its minimum when it has hours logged', () => {
    const current = { least: 5 * HOUR, most: 115 * HOUR, isRequired: true };
    expect(spreadEvenly(2 * HOUR, [current, room])).toEqual([300, 0]);
  });
});

describe('the current month: planned for its days left', () => {
  it.each<[string, number]>([
    ['2026-11-01', 30],
    ['2026-11-28', 3],
    ['2026-11-30', 1],
    ['2027-02-28', 1],
    ['2028-02-01', 29],
  ])('on %s has %i days left, today included', (today, days) => {
    expect(daysLeftInMonth(today)).toBe(days);
  });

  const max = 130 * HOUR;
  const min = 20 * HOUR;
  it.each<[string, string, number, { least: number; most: number; isRequired: boolean }]>([
    ['a whole month on the 1st', '2026-11-01', 0, { least: min, most: max, isRequired: false }],
    // 130 × 3 / 30 = 13 hours: under the minimum, so the month takes nothing new.
    [
      '3 days left, nothing logged',
      '2026-11-28',
      0,
      { least: min, most: 13 * HOUR, isRequired: false },
    ],
    [
      '3 days left, 10 hours logged: 10 more save it',
      '2026-11-28',
      10 * HOUR,
      { least: 10 * HOUR, most: 13 * HOUR, isRequired: true },
    ],
    [
      '3 days left, 5 hours logged: 15 more cannot fit',
      '2026-11-28',
      5 * HOUR,
      { least: 15 * HOUR, most: 13 * HOUR, isRequired: false },
    ],
    ['the maximum logged already', '2026-11-10', max, { least: 0, most: 0, isRequired: false }],
    [
      'half the month left, 120 logged: 10 more at most',
      '2026-11-16',
      120 * HOUR,
      { least: 0, most: 10 * HOUR, isRequired: false },
    ],
  ])('%s', (_name, today, logged, room) => {
    expect(
      currentMonthRoom({ today, minMinutes: min, maxMinutes: max, loggedMinutes: logged }),
    ).toEqual(room);
  });

  const november = (rawHours: number): PlanHistoryMonth =>
    historyMonth({
      month: '2026-11',
      rawMinutes: rawHours * HOUR,
      countedMinutes: 0,
      unrestrictedMinutes: rawHours * HOUR,
      supervisedMinutes: 0,
      individualMinutes: 0,
      contacts: 0,
      observations: 0,
      observationMinutes: 0,
    });
  it.each<[string, PlanHistoryMonth[], number, boolean]>([
    // Issue 28: on 28 November nothing new goes into November, nor its contacts or observation.
    ['nothing logged', [], 0, false],
    ['10 hours logged: the 13 its days can take', [november(10)], 13 * HOUR, true],
    ['5 hours logged: lost, nothing planned', [november(5)], 0, false],
  ])('on 28 November with %s', (_name, history, toLog, hasSchedule) => {
    const plan = planToFinish(
      input({
        today: '2026-11-28',
        targetDate: '2027-01-31',
        history,
      }),
    );
    const current = plan.months.find((month) => month.kind === 'current')!;
    expect(current.month).toBe('2026-11');
    expect(current.toLogMinutes).toBe(toLog);
    expect(current.toSchedule !== null).toBe(hasSchedule);
    expect(plan.daysLeftThisMonth).toBe(3);
    // The months after it are whole months, each up to the maximum.
    const december = plan.months.find((month) => month.month === '2026-12')!;
    expect(december.toLogMinutes).toBeGreaterThan(100 * HOUR);
    expect(december.toLogMinutes).toBeLessThanOrEqual(max);
  });
});

describe('planToFinish', () => {
  it('plans a new trainee’s 2,000 hours evenly to the target month', () => {
    const plan = planToFinish(input({ targetDate: '2027-11-15' }));
    // June 2026 has 21 of its 30 days left on the 10th: 130 × 21 / 30 = 91 hours at most; the
    // other 1,909 hours over July 2026 to November 2027, 17 months of 112.25 to 112.5 hours.
    expect(plan.status).toBe('reachable');
    expect(plan.finishMonth).toBe('2027-11');
    expect(plan.daysLeftThisMonth).toBe(21);
    expect(plan.months).toHaveLength(18);
    expect(plan.months[0]).toMatchObject({
      month: '2026-06',
      kind: 'current',
      plannedMinutes: 91 * HOUR,
    });
    expect(plan.months[1]?.plannedMinutes).toBe(112.5 * HOUR);
    expect(plan.months.at(-1)?.plannedMinutes).toBe(112.25 * HOUR);
    expect(plan.months.at(-1)).toMatchObject({
      month: '2027-11',
      cumulativePlannedMinutes: 2000 * HOUR,
    });
    expect(plan.boundedBy).toBeNull();
  });

  it('names the earliest month and the monthly maximum when the target is too soon', () => {
    const plan = planToFinish(input({ targetDate: '2026-12-31' }));
    // June 2026 can take 91 hours (21 days left), then (2,000 − 91) / 130 = 14.7: 15 months more,
    // September 2027.
    expect(plan.status).toBe('too-soon');
    expect(plan.boundedBy).toBe('monthly-maximum');
    expect(plan.earliestMonth).toBe('2027-09');
    expect(plan.finishMonth).toBe('2027-09');
    // 91 + 15 × 127.5 ≥ 2,000: 127.5 hours in the months after June.
    expect(plan.peakMonthMinutes).toBe(127.5 * HOUR);
  });

  it('reaches sooner under the 2027 standards’ 160-hour maximum', () => {
    const plan = planToFinish(input({ targetDate: '2026-12-31', ruleSet: RULE_SETS['2027'] }));
    // 2,000 / 160 = 12.5: 13 months from June 2026.
    expect(plan.earliestMonth).toBe('2027-06');
  });

  it('plans concentrated months when only they reach the date, and supervised otherwise', () => {
    const soon = planToFinish(input({ targetDate: '2027-05-31', types: [1, 2] }));
    // 12 months: 1,560 supervised hours at most, 1,500 concentrated fit.
    expect(soon).toMatchObject({
      status: 'reachable',
      experienceTypeId: 2,
      neededMinutes: 1500 * HOUR,
    });
    const later = planToFinish(input({ targetDate: '2028-05-31', types: [1, 2] }));
    expect(later).toMatchObject({ status: 'reachable', experienceTypeId: 1 });
  });

  describe('the five-year window (BCBA Handbook, "Duration of Fieldwork": by calendar month)', () => {
    const march2022 = historyMonth({
      month: '2022-03',
      rawMinutes: 1500 * HOUR,
      countedMinutes: 1500 * HOUR,
      unrestrictedMinutes: 1000 * HOUR,
    });

    it('plans past the window of the hours so far, earning again the hours that fall out', () => {
      const plan = planToFinish(input({ history: [march2022], targetDate: '2028-01-31' }));
      // March 2022 to February 2027 is the window of the hours so far (not March 2027: calendar
      // months, not date-to-date); finishing in January 2028, March 2022 falls out on 1 March 2027.
      expect(plan).toMatchObject({
        status: 'reachable',
        latestMonth: '2031-05',
        keepsAllUntil: '2027-02',
        boundedBy: null,
        countedMinutes: 1500 * HOUR,
        neededMinutes: 2000 * HOUR,
        finishMonth: '2028-01',
        expiring: [{ month: '2022-03', minutes: 1500 * HOUR, on: '2027-03-01' }],
        window: { from: '2021-07', to: '2026-06' },
      });
      const cumulative = (month: string) =>
        plan.months.find((row) => row.month === month)?.cumulativePlannedMinutes;
      // The planned line drops March 2022's hours the month they fall out, and ends at the goal.
      expect(cumulative('2027-03')! - cumulative('2027-02')!).toBeLessThan(0);
      expect(cumulative('2028-01')).toBe(2000 * HOUR);
    });

    it('keeps every planned hour in one window: five years from the current month at most', () => {
      const plan = planToFinish(input({ targetDate: '2031-07-31' }));
      expect(plan).toMatchObject({
        status: 'beyond-time-limit',
        latestMonth: '2031-05',
        boundedBy: 'time-limit',
        expiring: [],
      });
      expect(plan.months.at(-1)?.month).toBe('2031-05');
    });

    it('finishing by the window’s last month keeps every hour', () => {
      const plan = planToFinish(input({ history: [march2022], targetDate: '2027-02-28' }));
      expect(plan).toMatchObject({
        status: 'reachable',
        neededMinutes: 500 * HOUR,
        expiring: [],
        boundedBy: null,
      });
    });

    it('a date too soon: the earliest month counts the hours that fall out by then', () => {
      const plan = planToFinish(
        input({ history: [historyMonth({ month: '2022-01' })], targetDate: '2026-12-31' }),
      );
      // By December 2026 (the window's last month) 1,900 hours are needed: 91 + 6 × 130 = 871
      // fit. From January 2027 January 2022 is out: 2,000 hours, 91 + 15 × 130 by September 2027.
      expect(plan).toMatchObject({
        status: 'too-soon',
        earliestMonth: '2027-09',
        finishMonth: '2027-09',
        neededMinutes: 2000 * HOUR,
        expiring: [{ month: '2022-01', minutes: 100 * HOUR, on: '2027-01-01' }],
      });
    });

    it('counts nothing of a month already outside today’s window, and says why', () => {
      const plan = planToFinish(
        input({
          history: [historyMonth({ month: '2021-05' }), historyMonth({ month: '2026-01' })],
        }),
      );
      expect(plan.countedMinutes).toBe(100 * HOUR);
      expect(plan.neededMinutes).toBe(1900 * HOUR);
      expect(plan.soFar).toMatchObject({
        loggedMinutes: 200 * HOUR,
        countedMinutes: 100 * HOUR,
        outsideWindowMinutes: 100 * HOUR,
      });
      expect(plan.months[0]).toMatchObject({
        month: '2021-05',
        actualMinutes: 0,
        loggedMinutes: 100 * HOUR,
        countedMinutes: 0,
        reasons: ['outside the five-year window July 2021–June 2026'],
      });
    });

    it('a record that met the goal long ago is done, in its best 60 months', () => {
      const history = Array.from({ length: 30 }, (_unused, index) =>
        historyMonth({
          month: addMonths('2015-01', index),
          rawMinutes: 70 * HOUR,
          countedMinutes: 70 * HOUR,
        }),
      );
      const plan = planToFinish(input({ history }));
      expect(plan).toMatchObject({
        status: 'done',
        countedMinutes: 2100 * HOUR,
        neededMinutes: 0,
        expiring: [],
        window: { from: '2015-01', to: '2019-12' },
      });
    });
  });

  it('says when the hours cannot be reached within the time limit at all', () => {
    // 12,000 restricted hours: 2,000 more and 16,000 unrestricted to make 60%, past 60 months.
    const plan = planToFinish(
      input({
        history: [
          historyMonth({
            month: '2026-01',
            rawMinutes: 12000 * HOUR,
            unrestrictedMinutes: 0,
            countedMinutes: 0,
          }),
        ],
        targetDate: '2026-12-31',
      }),
    );
    expect(plan).toMatchObject({
      status: 'unreachable',
      finishMonth: null,
      earliestMonth: null,
      boundedBy: 'time-limit',
      latestMonth: '2031-05',
      neededMinutes: 18000 * HOUR,
    });
  });

  it('raises the hours needed when the unrestricted share is short, and plans them unrestricted', () => {
    const history = [
      historyMonth({
        month: '2026-01',
        rawMinutes: 1900 * HOUR,
        countedMinutes: 1900 * HOUR,
        unrestrictedMinutes: 500 * HOUR,
      }),
    ];
    const plan = planToFinish(input({ history, targetDate: '2030-12-31' }));
    // 500 + x ≥ 0.6 (1,900 + x) → x ≥ 1,600, all unrestricted.
    expect(plan.isRaisedByUnrestricted).toBe(true);
    expect(plan.neededMinutes).toBe(1600 * HOUR);
    for (const month of plan.months.filter((row) => row.kind !== 'past')) {
      expect(month.unrestrictedMinutes).toBe(month.toLogMinutes);
    }
  });

  it('counts past months as adjusted and lists what this month still needs', () => {
    const history = [
      historyMonth({ month: '2026-04', countedMinutes: 0 }),
      historyMonth({
        month: '2026-06',
        rawMinutes: 10 * HOUR,
        countedMinutes: 0,
        unrestrictedMinutes: 10 * HOUR,
        supervisedMinutes: HOUR,
        individualMinutes: HOUR,
        contacts: 1,
        observations: 0,
      }),
    ];
    const plan = planToFinish(input({ history }));
    expect(plan.countedMinutes).toBe(10 * HOUR);
    expect(plan.months.map((row) => [row.month, row.kind, row.actualMinutes])).toEqual(
      expect.arrayContaining([
        ['2026-04', 'past', 0],
        ['2026-05', 'past', 0],
        ['2026-06', 'current', 10 * HOUR],
      ]),
    );
    const current = plan.months.find((row) => row.kind === 'current')!;
    const total = current.plannedMinutes!;
    expect(current.toSchedule).toEqual({
      supervisionMinutes: Math.ceil((total * 0.05) / 15) * 15 - HOUR,
      individualMinutes: Math.ceil((Math.ceil((total * 0.05) / 15) * 15) / 2 / 15) * 15 - HOUR,
      contacts: 3,
      observation: { unit: 'count', amount: 1 },
    });
  });

  it('lists no contact minimum and observation minutes under the 2027 standards', () => {
    const plan = planToFinish(input({ ruleSet: RULE_SETS['2027'], types: [2] }));
    expect(plan.months[1]?.toSchedule).toMatchObject({
      contacts: null,
      observation: { unit: 'minutes', amount: 90 },
    });
  });

  it('is done when the goal is met', () => {
    const history = [
      historyMonth({
        rawMinutes: 2000 * HOUR,
        countedMinutes: 2000 * HOUR,
        unrestrictedMinutes: 1500 * HOUR,
      }),
    ];
    const plan = planToFinish(input({ history }));
    expect(plan).toMatchObject({ status: 'done', neededMinutes: 0 });
  });
});
