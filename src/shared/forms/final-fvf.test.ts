import { describe, expect, it } from 'vitest';
import { RULE_SETS, type RuleSetId } from '../logs/rule-sets';
import { finalFvfFigures, finalFvfMonths, monthsBetween, type MonthCounting } from './final-fvf';
import { createFvfLog } from './fvf-log.factory';
import type { FvfLogRow } from './fvf-values';

const HOUR = 60;

/**
 * `days` logs from the 1st of `month` (5 h, 1 supervised), the first one observed for an hour:
 * 5 days make a month that meets every 2022 and 2027 requirement for supervised fieldwork.
 */
function monthOfLogs(month: string, days: number, overrides: Partial<FvfLogRow> = {}) {
  return Array.from({ length: days }, (_, index) =>
    createFvfLog({
      dateOfExperience: `${month}-${String(index + 1).padStart(2, '0')}`,
      ...(index === 0 ? { clientObservation: 'Yes', observationMinutes: HOUR } : {}),
      ...overrides,
    }),
  );
}

type FormCompletion = { month: string; experienceTypeId: number; completedOn: string };

/** Every log on supervisor record 7's own form; today is before the first deadline (none at risk). */
const counting = (
  ruleSet: RuleSetId = '2022',
  completions: FormCompletion[] = [],
): MonthCounting => ({
  ruleSet: RULE_SETS[ruleSet],
  today: '2026-12-01',
  formOf: (id) => ({ key: `r${id}`, label: `Supervisor ${id}` }),
  signed: completions.map((form) => ({
    formKey: 'r7',
    month: form.month,
    experienceTypeId: form.experienceTypeId,
    signedOn: form.completedOn,
  })),
});

const period = { traineeSupervisorId: 7, fromMonth: '2026-11', toMonth: '2027-01' };

/** [month, type, logged minutes, counted minutes, counted supervised minutes] per month. */
const summary = (logs: FvfLogRow[], how = counting(), of = period) =>
  finalFvfMonths(logs, of, how).map((month) => [
    month.month,
    month.experienceTypeId,
    month.logged.totalMinutes,
    month.counted.totalMinutes,
    month.counted.supervisedMinutes,
  ]);

describe('finalFvfMonths: which months count, and how much', () => {
  it.each<[string, FvfLogRow[], MonthCounting, (string | number)[][]]>([
    [
      'counts a month that meets every requirement in full',
      monthOfLogs('2026-11', 5),
      counting(),
      [['2026-11', 1, 25 * HOUR, 25 * HOUR, 5 * HOUR]],
    ],
    [
      'counts nothing of a month under 20 hours',
      monthOfLogs('2026-11', 3),
      counting(),
      [['2026-11', 1, 15 * HOUR, 0, 0]],
    ],
    [
      'counts nothing of a month without observation',
      monthOfLogs('2026-11', 5, { clientObservation: 'No', observationMinutes: null }),
      counting(),
      [['2026-11', 1, 25 * HOUR, 0, 0]],
    ],
    [
      'counts nothing of a month whose M-FVF was signed after its deadline',
      monthOfLogs('2026-11', 5),
      counting('2022', [{ month: '2026-11', experienceTypeId: 1, completedOn: '2027-01-02' }]),
      [['2026-11', 1, 25 * HOUR, 0, 0]],
    ],
    [
      'counts a month whose M-FVF was signed on its deadline',
      monthOfLogs('2026-11', 5),
      counting('2022', [{ month: '2026-11', experienceTypeId: 1, completedOn: '2026-12-31' }]),
      [['2026-11', 1, 25 * HOUR, 25 * HOUR, 5 * HOUR]],
    ],
    [
      'counts a month in proportion to its contacts (2022: 3 of 4)',
      monthOfLogs('2026-11', 5, { supervisionContactId: 5 }).map((log, index) =>
        index < 3 ? { ...log, supervisionContactId: 1 } : log,
      ),
      counting(),
      [['2026-11', 1, 25 * HOUR, 18.75 * HOUR, 3.75 * HOUR]],
    ],
    [
      'counts the same month in full under the 2027 standards (no contact minimum)',
      monthOfLogs('2026-11', 5, { supervisionContactId: 5 }),
      counting('2027'),
      [['2026-11', 1, 25 * HOUR, 25 * HOUR, 5 * HOUR]],
    ],
    [
      'counts nothing of a 2027 month with 30 of its 60 observation minutes',
      monthOfLogs('2026-11', 5).map((log) =>
        log.clientObservation === 'Yes' ? { ...log, observationMinutes: 30 } : log,
      ),
      counting('2027'),
      [['2026-11', 1, 25 * HOUR, 0, 0]],
    ],
    [
      'removes independent hours until the month is 5% supervised',
      [
        ...monthOfLogs('2026-11', 1),
        createFvfLog({
          dateOfExperience: '2026-11-20',
          experienceMinutes: 35 * HOUR,
          supervisedMinutes: 0,
          individualOrGroup: 'No supervision',
        }),
      ],
      counting('2027'),
      // 1 supervised hour carries 20 hours at 5%: 40 logged, 20 count (2027: no contact minimum).
      [['2026-11', 1, 40 * HOUR, 20 * HOUR, HOUR]],
    ],
    [
      'judges each supervisor’s structure on its own (Handbook "Multiple Settings and/or Supervisors"): each alone is under 20 hours',
      [
        ...monthOfLogs('2026-11', 3),
        ...monthOfLogs('2026-11', 3, { traineeSupervisorId: 8 }).map((log) => ({
          ...log,
          dateOfExperience: log.dateOfExperience.replace(/-0(\d)$/, '-1$1'),
        })),
      ],
      counting(),
      [['2026-11', 1, 15 * HOUR, 0, 0]],
    ],
  ])('%s', (_, logs, how, expected) => {
    expect(summary(logs, how)).toEqual(expected);
  });

  it('says why a month counts less, as the dashboard does', () => {
    const [month] = finalFvfMonths(monthOfLogs('2026-11', 3), period, counting());
    expect(month?.removals).toEqual([
      {
        rule: 'below-minimum',
        minutes: 15 * HOUR,
        reason: 'fewer than 20 hours this month: 0 of 15 hours count',
      },
    ]);
  });

  it('ignores the months outside the period and the other supervisors’ logs', () => {
    const logs = [
      ...monthOfLogs('2026-10', 5),
      ...monthOfLogs('2026-12', 5, { traineeSupervisorId: 8 }),
      ...monthOfLogs('2027-02', 5),
    ];
    expect(summary(logs)).toEqual([]);
  });
});

describe('finalFvfFigures: the period added up per fieldwork type', () => {
  const logs = [
    ...monthOfLogs('2026-11', 5),
    ...monthOfLogs('2026-12', 3), // under 20 hours: counts nothing
    // A concentrated month that meets the 2022 requirements: 6 contacts, 20% supervised.
    ...monthOfLogs('2027-01', 6, { experienceTypeId: 2 }),
  ];

  it('adds up the counted hours across the year end and counts the months that count', () => {
    expect(finalFvfFigures(logs, period, counting())).toEqual([
      {
        ...period,
        experienceTypeId: 1,
        independentMinutes: 20 * HOUR,
        supervisedMinutes: 5 * HOUR,
        totalMinutes: 25 * HOUR,
        // December's observation hour is on a month that counts nothing.
        observationMinutes: HOUR,
        months: 1,
      },
      {
        ...period,
        experienceTypeId: 2,
        // Actual hours, never ×1.33.
        independentMinutes: 24 * HOUR,
        supervisedMinutes: 6 * HOUR,
        totalMinutes: 30 * HOUR,
        observationMinutes: HOUR,
        months: 1,
      },
    ]);
  });

  it('keeps a type whose months all count nothing, with zeros, for the caller to refuse', () => {
    const december = { ...period, fromMonth: '2026-12', toMonth: '2026-12' };
    expect(finalFvfFigures(logs, december, counting())).toEqual([
      {
        ...december,
        experienceTypeId: 1,
        independentMinutes: 0,
        supervisedMinutes: 0,
        totalMinutes: 0,
        observationMinutes: 0,
        months: 0,
      },
    ]);
  });

  it('is empty for a period without hours', () => {
    const empty = { ...period, fromMonth: '2025-01', toMonth: '2025-12' };
    expect(finalFvfFigures(logs, empty, counting())).toEqual([]);
  });
});

describe('monthsBetween', () => {
  it('lists the months of a period across a year end, and none when it runs backwards', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(monthsBetween('2027-02', '2026-11')).toEqual([]);
  });
});
