import { describe, expect, it } from 'vitest';
import { FIRST_MONTH, LAST_MONTH, splitRange } from './range-split';

const NONE = { from: '9999-12-31', to: '0001-01-01' };
const NO_MONTHS = { from: LAST_MONTH, to: FIRST_MONTH };

describe('splitRange: whole months from the totals, the days around them from the logs', () => {
  it.each<[string, { from?: string; to?: string }, ReturnType<typeof splitRange>]>([
    ['all time', {}, { months: { from: FIRST_MONTH, to: LAST_MONTH }, head: NONE, tail: NONE }],
    [
      'one whole month',
      { from: '2026-04-01', to: '2026-04-30' },
      { months: { from: '2026-04', to: '2026-04' }, head: NONE, tail: NONE },
    ],
    [
      'whole months across a year',
      { from: '2025-11-01', to: '2026-02-28' },
      { months: { from: '2025-11', to: '2026-02' }, head: NONE, tail: NONE },
    ],
    [
      'a part of one month',
      { from: '2026-04-02', to: '2026-04-20' },
      { months: NO_MONTHS, head: { from: '2026-04-02', to: '2026-04-20' }, tail: NONE },
    ],
    [
      'the end of a month and the start of the next',
      { from: '2026-03-31', to: '2026-04-01' },
      { months: NO_MONTHS, head: { from: '2026-03-31', to: '2026-04-01' }, tail: NONE },
    ],
    [
      'partial months around a whole one',
      { from: '2026-03-31', to: '2026-05-10' },
      {
        months: { from: '2026-04', to: '2026-04' },
        head: { from: '2026-03-31', to: '2026-03-31' },
        tail: { from: '2026-05-01', to: '2026-05-10' },
      },
    ],
    [
      'a whole month then part of the next (February of a leap year)',
      { from: '2028-01-01', to: '2028-02-28' },
      {
        months: { from: '2028-01', to: '2028-01' },
        head: NONE,
        tail: { from: '2028-02-01', to: '2028-02-28' },
      },
    ],
    [
      'everything up to the end of a month',
      { to: '2026-05-31' },
      { months: { from: FIRST_MONTH, to: '2026-05' }, head: NONE, tail: NONE },
    ],
    [
      'everything up to the middle of a month',
      { to: '2026-05-15' },
      {
        months: { from: FIRST_MONTH, to: '2026-04' },
        head: NONE,
        tail: { from: '2026-05-01', to: '2026-05-15' },
      },
    ],
    [
      'everything from the middle of a month',
      { from: '2026-05-15' },
      {
        months: { from: '2026-06', to: LAST_MONTH },
        head: { from: '2026-05-15', to: '2026-05-31' },
        tail: NONE,
      },
    ],
    [
      'one day',
      { from: '2026-05-11', to: '2026-05-11' },
      { months: NO_MONTHS, head: { from: '2026-05-11', to: '2026-05-11' }, tail: NONE },
    ],
  ])('%s', (_name, range, expected) => {
    expect(splitRange(range)).toEqual(expected);
  });
});
