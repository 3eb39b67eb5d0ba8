import { describe, expect, it } from 'vitest';
import { isoWeekOf, pickWeeklyDocument } from './agenda-week';

describe('isoWeekOf', () => {
  it.each([
    ['2026-03-12', '2026-W11'], // a Thursday
    ['2026-03-09', '2026-W11'], // its Monday
    ['2026-03-15', '2026-W11'], // its Sunday
    ['2026-03-16', '2026-W12'],
    ['2026-03-01', '2026-W09'], // a Sunday: still the week that began in February
    ['2026-01-01', '2026-W01'], // a Thursday: week 1
    ['2027-01-01', '2026-W53'], // a Friday: the last week of the year before
    ['2024-12-30', '2025-W01'], // a Monday whose Thursday is in the next year
    ['2020-12-31', '2020-W53'],
  ])('%s is in %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });
});

describe('pickWeeklyDocument (SPEC §2: the ISO week of the range start)', () => {
  const docs = [
    { id: 1, date: '2026-03-02' },
    { id: 2, date: '2026-03-12' },
    { id: 3, date: '2026-03-10' },
    { id: 4, date: '2026-03-12' },
  ];

  it.each<[string, string, number, boolean]>([
    ['the agenda of that week', '2026-03-04', 1, true],
    ['the latest of a week with several, by date then id', '2026-03-09', 4, true],
    ['the latest of the range when the week has none', '2026-03-20', 4, false],
    ['the latest when the range starts the week before the first agenda', '2026-03-01', 4, false],
  ])('picks %s', (_, start, id, isWeekMatch) => {
    expect(pickWeeklyDocument(docs, start)).toEqual({
      document: expect.objectContaining({ id }),
      isWeekMatch,
    });
  });

  it('picks nothing from no agendas', () => {
    expect(pickWeeklyDocument([], '2026-03-01')).toBeNull();
  });
});
