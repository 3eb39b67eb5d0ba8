import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import { addMonths } from '../logs/time';
import {
  expiringSentence,
  fiveYearWindow,
  outsideReason,
  WINDOW_MONTHS,
  type CountedMonthType,
} from './five-year-window';

const HOUR = 60;

/** `count` months from `first`, each counting `hours` of one type. */
function record(first: string, count: number, hours: number, type: 1 | 2 = 1): CountedMonthType[] {
  return Array.from({ length: count }, (_unused, index) => ({
    month: addMonths(first, index),
    experienceTypeId: type,
    countedMinutes: hours * HOUR,
  }));
}

type Expected = {
  from: string;
  to: string;
  basis: 'running' | 'best';
  outside: string[];
  insideCount: number;
  supervisedHours: number;
  concentratedHours?: number;
  expiring: [on: string, month: string][];
};

describe('fiveYearWindow (BCBA Handbook, "Duration of Fieldwork": five continuous years by calendar month)', () => {
  it('is 60 months under both rule sets', () => {
    expect(WINDOW_MONTHS).toBe(60);
    expect(Object.values(RULE_SETS).map((set) => set.timeLimitYears * 12)).toEqual([60, 60]);
  });

  it.each<[string, CountedMonthType[], string, Expected]>([
    [
      'a record of exactly 60 months, running in the 60th: all inside; the first falls out next month',
      record('2021-07', 60, 30),
      '2026-06',
      {
        from: '2021-07',
        to: '2026-06',
        basis: 'running',
        outside: [],
        insideCount: 60,
        supervisedHours: 1800,
        expiring: [
          ['2026-07-01', '2021-07'],
          ['2026-08-01', '2021-08'],
          ['2026-09-01', '2021-09'],
        ],
      },
    ],
    [
      'a record of 61 months, still accruing in the 61st: the first falls out',
      record('2021-06', 61, 30),
      '2026-06',
      {
        from: '2021-07',
        to: '2026-06',
        basis: 'running',
        outside: ['2021-06'],
        insideCount: 60,
        supervisedHours: 1800,
        expiring: [
          ['2026-07-01', '2021-07'],
          ['2026-08-01', '2021-08'],
          ['2026-09-01', '2021-09'],
        ],
      },
    ],
    [
      'the 60th month before the running month is outside, the 59th inside',
      [...record('2021-06', 1, 25), ...record('2021-07', 1, 35)],
      '2026-06',
      {
        from: '2021-07',
        to: '2026-06',
        basis: 'running',
        outside: ['2021-06'],
        insideCount: 1,
        supervisedHours: 35,
        expiring: [['2026-07-01', '2021-07']],
      },
    ],
    [
      'a record inside one year: nothing outside, nothing expiring',
      record('2025-08', 11, 100),
      '2026-06',
      {
        from: '2021-07',
        to: '2026-06',
        basis: 'running',
        outside: [],
        insideCount: 11,
        supervisedHours: 1100,
        expiring: [],
      },
    ],
    [
      'gaps: months without hours neither fall out nor count; the next with hours is told',
      [...record('2021-05', 2, 40), ...record('2021-09', 1, 50), ...record('2024-01', 3, 60)],
      '2026-06',
      {
        from: '2021-07',
        to: '2026-06',
        basis: 'running',
        outside: ['2021-05', '2021-06'],
        insideCount: 4,
        supervisedHours: 230,
        expiring: [['2026-09-01', '2021-09']],
      },
    ],
    [
      'a record ended long ago that reached the goal: its best 60 months, nothing expiring',
      record('2015-01', 30, 70),
      '2026-06',
      {
        from: '2015-01',
        to: '2019-12',
        basis: 'best',
        outside: [],
        insideCount: 30,
        supervisedHours: 2100,
        expiring: [],
      },
    ],
    [
      'a record ended long ago short of the goal: the window must hold the hours still to earn',
      record('2015-01', 30, 50),
      '2026-06',
      {
        from: '2021-07',
        to: '2026-06',
        basis: 'running',
        outside: record('2015-01', 30, 50).map((row) => row.month),
        insideCount: 0,
        supervisedHours: 0,
        expiring: [],
      },
    ],
    [
      'a finished record of 61 months whose first month holds fewer hours: the first falls out',
      [...record('2018-01', 1, 20), ...record('2018-02', 60, 40)],
      '2026-06',
      {
        from: '2018-02',
        to: '2023-01',
        basis: 'best',
        outside: ['2018-01'],
        insideCount: 60,
        supervisedHours: 2400,
        expiring: [],
      },
    ],
    [
      'a finished record of 61 months whose last month holds fewer hours: the last is not needed',
      [...record('2018-01', 60, 40), ...record('2023-01', 1, 20)],
      '2026-06',
      {
        from: '2018-01',
        to: '2022-12',
        basis: 'best',
        outside: ['2023-01'],
        insideCount: 60,
        supervisedHours: 2400,
        expiring: [],
      },
    ],
    [
      'a finished record of 61 equal months: the latest of the equal windows',
      record('2018-01', 61, 40),
      '2026-06',
      {
        from: '2018-02',
        to: '2023-01',
        basis: 'best',
        outside: ['2018-01'],
        insideCount: 60,
        supervisedHours: 2400,
        expiring: [],
      },
    ],
    [
      '1,500 concentrated hours reach the goal (×1.33 is 1,995): the best window, no sliding',
      record('2019-01', 15, 100, 2),
      '2026-06',
      {
        from: '2019-01',
        to: '2023-12',
        basis: 'best',
        outside: [],
        insideCount: 15,
        supervisedHours: 0,
        concentratedHours: 1500,
        expiring: [],
      },
    ],
  ])('%s', (_name, counted, today, expected) => {
    const window = fiveYearWindow({ counted, runningMonth: today.slice(0, 7) });
    expect({
      from: window.from,
      to: window.to,
      basis: window.basis,
      outside: window.outside.map((month) => month.month),
      insideCount: window.inside.length,
      supervisedHours: window.totals.supervisedMinutes / HOUR,
      concentratedHours: window.totals.concentratedMinutes / HOUR,
      expiring: window.expiring.map((month) => [month.on, month.month]),
    }).toEqual({ concentratedHours: 0, ...expected });
  });

  it('adds concentrated hours ×1.33 to the window’s progress, both types in a month', () => {
    const window = fiveYearWindow({
      counted: [
        { month: '2026-01', experienceTypeId: 1, countedMinutes: 30 * HOUR },
        { month: '2026-01', experienceTypeId: 2, countedMinutes: 100 * HOUR },
        { month: '2020-12', experienceTypeId: 2, countedMinutes: 50 * HOUR },
      ],
      runningMonth: '2026-02',
    });
    expect(window.totals).toEqual({
      supervisedMinutes: 30 * HOUR,
      concentratedMinutes: 100 * HOUR,
      progressMinutes: 30 * HOUR + 1.33 * 100 * HOUR,
    });
    expect(window.inside).toEqual([
      { month: '2026-01', supervisedMinutes: 30 * HOUR, concentratedMinutes: 100 * HOUR },
    ]);
    expect(window.outside).toEqual([
      { month: '2020-12', supervisedMinutes: 0, concentratedMinutes: 50 * HOUR },
    ]);
  });

  it('prefers the window with more progress, concentrated ×1.33, over more actual hours', () => {
    // 2018-01 holds 100 supervised, 2023-01 holds 80 concentrated (106.4 toward the goal).
    const counted = [
      ...record('2018-01', 1, 100),
      ...record('2018-02', 59, 34),
      ...record('2023-01', 1, 80, 2),
    ];
    const window = fiveYearWindow({ counted, runningMonth: '2026-06' });
    expect([window.basis, window.from, window.outside.map((month) => month.month)]).toEqual([
      'best',
      '2018-02',
      ['2018-01'],
    ]);
  });

  it('leaves months that count nothing out of both lists', () => {
    const window = fiveYearWindow({
      counted: [
        { month: '2019-03', experienceTypeId: 1, countedMinutes: 0 },
        { month: '2026-05', experienceTypeId: 1, countedMinutes: 0 },
      ],
      runningMonth: '2026-06',
    });
    expect([window.inside, window.outside, window.expiring]).toEqual([[], [], []]);
  });
});

describe('the five-year window’s words (BCBA Handbook, "Duration of Fieldwork")', () => {
  it('names the window a month is outside of', () => {
    expect(outsideReason({ from: '2021-07', to: '2026-06' })).toBe(
      'outside the five-year window July 2021–June 2026',
    );
  });

  it('says when a month falls out, with its hours', () => {
    const window = fiveYearWindow({
      counted: [
        { month: '2022-06', experienceTypeId: 1, countedMinutes: 84 * HOUR },
        { month: '2022-07', experienceTypeId: 2, countedMinutes: 60 },
      ],
      runningMonth: '2027-05',
    });
    expect(window.expiring.map(expiringSentence)).toEqual([
      "On 1 June 2027, June 2022's 84 hours fall outside the five-year window.",
      "On 1 July 2027, July 2022's 1 hour falls outside the five-year window.",
    ]);
  });
});
