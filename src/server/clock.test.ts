import { describe, expect, it } from 'vitest';
import { datesOnEarth } from './clock';

describe('datesOnEarth: every date it is somewhere', () => {
  // From 10:00 to 12:00 UTC it is already tomorrow at UTC+14 and still yesterday at UTC−12.
  it.each([
    ['2026-12-02T00:00:00Z', ['2026-12-01', '2026-12-02']],
    ['2026-12-02T09:59:00Z', ['2026-12-01', '2026-12-02']],
    ['2026-12-02T10:00:00Z', ['2026-12-01', '2026-12-02', '2026-12-03']],
    ['2026-12-02T11:59:00Z', ['2026-12-01', '2026-12-02', '2026-12-03']],
    ['2026-12-02T12:00:00Z', ['2026-12-02', '2026-12-03']],
    ['2026-12-31T23:00:00Z', ['2026-12-31', '2027-01-01']],
  ])('at %s: %j', (instant, dates) => {
    expect(datesOnEarth(new Date(instant))).toEqual(dates);
  });
});
