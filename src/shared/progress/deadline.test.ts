import { describe, expect, it } from 'vitest';
import { createMonthTotals } from '../logs/monthly-checks.factory';
import { RULE_SETS } from '../logs/rule-sets';
import { adjustMonthByForms } from './form-hours';
import {
  completedOn,
  daysUntilDeadline,
  formDeadline,
  formDeadlineStatus,
  isReminderDay,
  isSignedLate,
  nextMonth,
  signingDate,
} from './deadline';

describe('formDeadline: the last day of the following month', () => {
  it.each([
    ['2026-01', '2026-02-28'],
    ['2028-01', '2028-02-29'], // leap year
    ['2100-01', '2100-02-28'], // divisible by 100, not a leap year
    ['2000-01', '2000-02-29'], // divisible by 400, a leap year
    ['2026-02', '2026-03-31'],
    ['2026-03', '2026-04-30'],
    ['2026-11', '2026-12-31'],
    ['2026-12', '2027-01-31'], // across the year end
  ])('the form for %s is due on %s', (month, deadline) => {
    expect(formDeadline(month)).toBe(deadline);
  });

  it('steps from December into January of the next year', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });
});

describe('daysUntilDeadline', () => {
  it.each([
    ['2026-12', '2027-01-31', 0],
    ['2026-12', '2027-01-30', 1],
    ['2026-12', '2027-02-01', -1],
    ['2026-12', '2026-12-31', 31], // counted across the year end
    ['2028-01', '2028-02-01', 28], // leap February has 29 days
    ['2026-01', '2026-02-01', 27],
    ['2028-01', '2028-03-01', -1],
  ])('for %s on %s: %i days', (month, today, days) => {
    expect(daysUntilDeadline(month, today)).toBe(days);
  });
});

describe('isSignedLate', () => {
  it.each([
    ['2026-01', '2026-02-28', false], // the deadline day is on time
    ['2026-01', '2026-03-01', true],
    ['2028-01', '2028-02-29', false], // leap day is still February
    ['2028-01', '2028-03-01', true],
    ['2026-12', '2027-01-31', false],
    ['2026-12', '2027-02-01', true],
    ['2026-12', '2026-12-20', false], // signed during the month itself
  ])('the %s form completed on %s is late: %s', (month, signedOn, late) => {
    expect(isSignedLate(month, signedOn)).toBe(late);
  });

  it('agrees with adjusted hours: on the deadline day the month counts, a day later it does not', () => {
    const { cumulativeTotalMinutes, cumulativeUnrestrictedMinutes, ...totals } =
      createMonthTotals();
    const read = (signedOn: string) =>
      adjustMonthByForms({
        month: '2028-01',
        today: '2028-06-01',
        type: 1,
        ruleSet: RULE_SETS['2022'],
        parts: [{ key: 'r1', label: 'A', totals, signedOn }],
        cumulative: {
          totalMinutes: cumulativeTotalMinutes,
          unrestrictedMinutes: cumulativeUnrestrictedMinutes,
        },
      });
    const onTime = read('2028-02-29');
    const late = read('2028-03-01');
    expect(onTime.countedMinutes).toBe(totals.totalMinutes);
    expect(late.countedMinutes).toBe(0);
    expect(late.removals.map((removal) => removal.rule)).toEqual(['form-signed-late']);
  });
});

describe('signingDate: the date as the signer saw it', () => {
  const instant = new Date('2027-02-01T01:30:00Z');

  it.each([
    ['UTC', '2027-02-01'],
    ['America/Los_Angeles', '2027-01-31'],
    ['Asia/Tokyo', '2027-02-01'],
  ])('in %s it is %s', (zone, date) => {
    expect(signingDate(instant, zone)).toBe(date);
  });

  it('makes a Californian signing on the evening of the deadline day on time', () => {
    expect(isSignedLate('2026-12', signingDate(instant, 'America/Los_Angeles'))).toBe(false);
    expect(isSignedLate('2026-12', signingDate(instant))).toBe(true);
  });

  it('falls back to UTC for a time zone it does not know', () => {
    expect(signingDate(instant, 'Mars/Olympus_Mons')).toBe('2027-02-01');
  });
});

describe('completedOn: the later of the two signatures', () => {
  it.each<[string | null, string | null, string | null]>([
    ['2026-02-03', '2026-02-10', '2026-02-10'],
    ['2026-02-10', '2026-02-03', '2026-02-10'],
    ['2026-02-03', null, null],
    [null, '2026-02-03', null],
    [null, null, null],
  ])('trainee %s and supervisor %s: %s', (trainee, supervisor, completed) => {
    expect(completedOn(trainee, supervisor)).toBe(completed);
  });
});

describe('formDeadlineStatus', () => {
  it.each<[string | null, string, string, number]>([
    [null, '2027-01-21', 'open', 10],
    [null, '2027-01-31', 'open', 0],
    [null, '2027-02-01', 'overdue', -1],
    ['2027-01-31', '2027-03-15', 'signed', -43],
    ['2027-02-01', '2027-03-15', 'signed-late', -43],
  ])('the December 2026 form completed on %s, seen on %s: %s', (signedOn, today, state, days) => {
    expect(formDeadlineStatus({ month: '2026-12', signedOn, today })).toEqual({
      deadline: '2027-01-31',
      daysRemaining: days,
      state,
    });
  });
});

describe('isReminderDay: 10 and 3 days before the deadline', () => {
  it.each([
    ['2028-02-19', true], // 10 days before 29 February
    ['2028-02-26', true], // 3 days before
    ['2028-02-18', false],
    ['2028-02-29', false],
    ['2028-03-01', false],
  ])('for the January 2028 form on %s: %s', (today, isDue) => {
    expect(isReminderDay('2028-01', today)).toBe(isDue);
  });

  it('reminds across the year end', () => {
    expect(isReminderDay('2026-12', '2027-01-21')).toBe(true);
    expect(isReminderDay('2026-12', '2027-01-28')).toBe(true);
  });
});
