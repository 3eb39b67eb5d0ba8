import { describe, expect, it } from 'vitest';
import { buildMonthTotals } from '../logs/monthly-checks';
import { RULE_SETS } from '../logs/rule-sets';
import { monthOutlook, monthPace, projectMonthTotals } from './pace';

const log = (
  date: string,
  overrides: Partial<Parameters<typeof buildMonthTotals>[0][number]> = {},
) => ({
  dateOfExperience: date,
  experienceTypeId: 1,
  experienceMinutes: 180,
  supervisedMinutes: 60,
  unrestrictedMinutes: 120,
  individualOrGroup: 'Individual',
  clientObservation: 'Yes',
  observationMinutes: 60,
  supervisionContactId: 1,
  ...overrides,
});
const totalsOf = (logs: ReturnType<typeof log>[]) =>
  buildMonthTotals(logs, { month: '2026-04', experienceTypeId: 1 });

describe('monthPace', () => {
  it.each([
    ['2026-04-01', { daysInMonth: 30, daysElapsed: 1, daysLeft: 29 }],
    ['2026-04-10', { daysInMonth: 30, daysElapsed: 10, daysLeft: 20 }],
    ['2026-04-30', { daysInMonth: 30, daysElapsed: 30, daysLeft: 0 }],
    ['2028-02-15', { daysInMonth: 29, daysElapsed: 15, daysLeft: 14 }],
  ])('on %s', (today, pace) => {
    expect(monthPace(today)).toEqual(pace);
  });
});

describe('projectMonthTotals', () => {
  it('scales the month by days in month ÷ days elapsed, and the cumulative by the growth', () => {
    const totals = {
      ...totalsOf([log('2026-04-01')]),
      cumulativeTotalMinutes: 1000,
      cumulativeUnrestrictedMinutes: 700,
    };
    const projected = projectMonthTotals(totals, monthPace('2026-04-10'));
    expect(projected).toMatchObject({
      totalMinutes: 540,
      supervisedMinutes: 180,
      contacts: 3,
      observations: 3,
      cumulativeTotalMinutes: 1000 + 540 - 180,
      cumulativeUnrestrictedMinutes: 700 + 360 - 120,
    });
  });
});

describe('monthOutlook', () => {
  const pace = monthPace('2026-04-10');

  it('passes a trainee on pace (one 3 h day in two: 45 h projected, 15 contacts)', () => {
    const days = ['01', '03', '05', '07', '09'].map((day) => log(`2026-04-${day}`));
    const outlook = monthOutlook(totalsOf(days), 1, RULE_SETS['2022'], pace);
    expect(outlook.failingAtPace).toEqual([]);
    expect(outlook.stillNeeded).toEqual({ hours: 5, contacts: 0, observation: 0 });
  });

  it('fails the hours and the contacts of a slow start (2022: 4 contacts)', () => {
    const outlook = monthOutlook(totalsOf([log('2026-04-02')]), 1, RULE_SETS['2022'], pace);
    expect(outlook.failingAtPace.map((check) => check.key)).toEqual(['total-min', 'contacts']);
    expect(outlook.projectedMinutes).toBe(540);
    expect(outlook.stillNeeded).toEqual({ hours: 17, contacts: 3, observation: 0 });
  });

  it('fails the observation when none is logged, and shows 2027 contacts as information', () => {
    const days = ['01', '02', '03', '04', '05'].map((day) =>
      log(`2026-04-${day}`, { clientObservation: 'No', observationMinutes: null }),
    );
    const outlook = monthOutlook(totalsOf(days), 1, RULE_SETS['2027'], pace);
    expect(outlook.failingAtPace.map((check) => check.key)).toEqual(['observation']);
    expect(outlook.stillNeeded).toEqual({ hours: 5, contacts: null, observation: 60 });
  });

  it('warns of passing the monthly maximum at this pace', () => {
    const days = Array.from({ length: 10 }, (_, i) =>
      log(`2026-04-${String(i + 1).padStart(2, '0')}`, {
        experienceMinutes: 300,
        unrestrictedMinutes: 200,
      }),
    );
    const outlook = monthOutlook(totalsOf(days), 1, RULE_SETS['2022'], pace);
    expect(outlook.failingAtPace.map((check) => check.key)).toEqual(['total-max']);
  });
});
