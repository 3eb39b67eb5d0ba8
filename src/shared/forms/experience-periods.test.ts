import { describe, expect, it } from 'vitest';
import {
  experiencePeriods,
  experienceRows,
  periodBreak,
  type ExperiencePeriod,
} from './experience-periods';

const HANDBOOK =
  'Handbook "Fieldwork Verification Forms": taking a break from accruing fieldwork under the same supervision contract constitutes a new supervision experience';

const experience = (
  firstMonth: string,
  lastMonth: string,
  lastMonthOver: string | null = lastMonth,
): ExperiencePeriod => ({ firstMonth, lastMonth, lastMonthOver });

describe(`experiencePeriods (${HANDBOOK})`, () => {
  it.each<[string, string[], string, ExperiencePeriod[]]>([
    ['no month with hours', [], '2026-07', []],
    ['one month', ['2026-03'], '2026-07', [experience('2026-03', '2026-03')]],
    ['two adjacent months', ['2026-04', '2026-03'], '2026-07', [experience('2026-03', '2026-04')]],
    [
      'a one-month gap',
      ['2026-01', '2026-02', '2026-03', '2026-05', '2026-06'],
      '2026-07',
      [experience('2026-01', '2026-03'), experience('2026-05', '2026-06')],
    ],
    [
      'a gap across a year end',
      ['2025-11', '2026-01', '2026-02'],
      '2026-07',
      [experience('2025-11', '2025-11'), experience('2026-01', '2026-02')],
    ],
    [
      'adjacent months across a year end',
      ['2025-12', '2026-01'],
      '2026-07',
      [experience('2025-12', '2026-01')],
    ],
    [
      'a running last month (the experience is not over)',
      ['2026-02', '2026-03', '2026-04'],
      '2026-04',
      [experience('2026-02', '2026-04', '2026-03')],
    ],
    [
      'a running only month (no month of it is over)',
      ['2026-01', '2026-04'],
      '2026-04',
      [experience('2026-01', '2026-01'), experience('2026-04', '2026-04', null)],
    ],
    [
      'a gap at the running month (it may still have hours: no break yet)',
      ['2026-02', '2026-03'],
      '2026-04',
      [experience('2026-02', '2026-03')],
    ],
    [
      'the same month named twice',
      ['2026-03', '2026-03', '2026-02'],
      '2026-07',
      [experience('2026-02', '2026-03')],
    ],
  ])('%s', (_case, months, running, expected) => {
    expect(experiencePeriods(months, running)).toEqual(expected);
  });
});

describe(`periodBreak (${HANDBOOK}: one F-FVF per experience)`, () => {
  const months = ['2025-11', '2025-12', '2026-02', '2026-03', '2026-06'];
  it.each<[string, [string, string], ReturnType<typeof periodBreak>]>([
    ['one month with hours', ['2026-02', '2026-02'], null],
    ['a period within one experience', ['2026-02', '2026-03'], null],
    ['a period with no hours at all (refused as no hours)', ['2026-04', '2026-05'], null],
    [
      'a one-month break across a year end',
      ['2025-11', '2026-03'],
      { fromMonth: '2026-01', toMonth: '2026-01', before: '2025-12', after: '2026-02' },
    ],
    [
      'a two-month break',
      ['2026-02', '2026-06'],
      { fromMonth: '2026-04', toMonth: '2026-05', before: '2026-03', after: '2026-06' },
    ],
    [
      'the first of two breaks',
      ['2025-12', '2026-06'],
      { fromMonth: '2026-01', toMonth: '2026-01', before: '2025-12', after: '2026-02' },
    ],
    [
      'a period starting before its hours',
      ['2025-10', '2025-12'],
      { fromMonth: '2025-10', toMonth: '2025-10', before: null, after: '2025-11' },
    ],
    [
      'a period ending after its hours',
      ['2026-02', '2026-05'],
      { fromMonth: '2026-04', toMonth: '2026-05', before: '2026-03', after: null },
    ],
  ])('%s', (_case, [from, to], expected) => {
    expect(periodBreak(months, from, to)).toEqual(expected);
  });
});

describe(`experienceRows (${HANDBOOK}: each experience its own F-FVF)`, () => {
  const spring = experience('2026-01', '2026-03');
  const summer = experience('2026-05', '2026-06', '2026-05');
  const form = (fromMonth: string, toMonth: string) => ({ fromMonth, toMonth });

  it('places each live form on the experience its period falls in', () => {
    const march = form('2026-02', '2026-03');
    expect(experienceRows([spring, summer], [march])).toEqual([
      { experience: spring, forms: [march] },
      { experience: summer, forms: [] },
    ]);
  });

  it('joins the experiences a form filled over a break covers into one row', () => {
    const wide = form('2026-01', '2026-05');
    expect(experienceRows([spring, summer], [wide])).toEqual([
      { experience: experience('2026-01', '2026-06', '2026-05'), forms: [wide] },
    ]);
  });

  it('keeps a form whose months have no hours any more as a row of its own', () => {
    const april = form('2026-04', '2026-04');
    expect(experienceRows([spring], [april])).toEqual([
      { experience: spring, forms: [] },
      { experience: null, forms: [april] },
    ]);
  });
});
