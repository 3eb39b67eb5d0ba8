import { describe, expect, it } from 'vitest';
import { hoursSoFar, hoursSoFarNote, type MonthHours } from './hours-so-far';

const HOUR = 60;
const month = (raw: number, approved: number, counted: number): MonthHours => ({
  rawMinutes: raw * HOUR,
  approvedMinutes: approved * HOUR,
  countedMinutes: counted * HOUR,
});

describe('hoursSoFar', () => {
  it.each<[string, MonthHours[], { logged: number; awaiting: number; counted: number }]>([
    ['no months', [], { logged: 0, awaiting: 0, counted: 0 }],
    // Issue 28: 9.25 hours imported into two months, pending, each under the 20-hour minimum.
    [
      'imported, pending, under the minimum',
      [month(4.5, 0, 0), month(4.75, 0, 0)],
      { logged: 9.25, awaiting: 9.25, counted: 0 },
    ],
    [
      'approved and counting',
      [month(100, 100, 100), month(30, 30, 25)],
      { logged: 130, awaiting: 0, counted: 125 },
    ],
    ['partly approved', [month(40, 10, 40)], { logged: 40, awaiting: 30, counted: 40 }],
  ])('%s', (_name, months, expected) => {
    expect(hoursSoFar(months)).toEqual({
      loggedMinutes: expected.logged * HOUR,
      awaitingApprovalMinutes: expected.awaiting * HOUR,
      countedMinutes: expected.counted * HOUR,
      atRiskMinutes: 0,
      outsideWindowMinutes: 0,
    });
  });
});

describe('hoursSoFarNote', () => {
  it.each<[string, MonthHours[], string | null]>([
    ['every hour counts and is approved', [month(100, 100, 100)], null],
    [
      'imported, pending, under the minimum',
      [month(4.5, 0, 0), month(4.75, 0, 0)],
      "9.25 hours of the 9.25 hours logged do not count: a month that misses a monthly requirement counts fewer hours, or none (each month says why). 9.25 hours await your supervisor's approval and are included: approval does not decide what counts, the monthly requirements and the signed monthly form do.",
    ],
    [
      'one hour short',
      [month(31, 31, 30)],
      '1 hour of the 31 hours logged does not count: a month that misses a monthly requirement counts fewer hours, or none (each month says why).',
    ],
  ])('%s', (_name, months, note) => {
    expect(hoursSoFarNote(hoursSoFar(months))).toBe(note);
  });

  it('tells hours outside the five-year window (Handbook, "Duration of Fieldwork") from those a month lost', () => {
    expect(
      hoursSoFarNote({
        loggedMinutes: 100 * 60,
        awaitingApprovalMinutes: 0,
        countedMinutes: 50 * 60,
        outsideWindowMinutes: 40 * 60,
      }),
    ).toBe(
      '10 hours of the 100 hours logged do not count: a month that misses a monthly requirement counts fewer hours, or none (each month says why). 40 hours counted in months outside the five-year window do not count toward the total (all fieldwork must fall within five continuous years).',
    );
  });

  it('tells hours at risk from hours that do not count', () => {
    expect(
      hoursSoFarNote({
        loggedMinutes: 100 * 60,
        awaitingApprovalMinutes: 0,
        countedMinutes: 60 * 60,
        atRiskMinutes: 30 * 60,
      }),
    ).toBe(
      '10 hours of the 100 hours logged do not count: a month that misses a monthly requirement counts fewer hours, or none (each month says why). ' +
        '30 hours are at risk: a monthly form still unsigned after its deadline; they count once a form signed in time is recorded.',
    );
  });
});
