import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import { planToFinish, type PlanInput } from './plan';
import { expiringNote, isTightPlan, planMessage } from './plan-message';

const HOUR = 60;
const ruleSet = RULE_SETS['2022'];

function messageFor(overrides: Partial<PlanInput>): string {
  const input: PlanInput = {
    today: '2026-06-10',
    targetDate: '2027-11-30',
    ruleSet,
    types: [1],
    history: [],
    ...overrides,
  };
  return planMessage(planToFinish(input), ruleSet);
}

const month = (rawHours: number, unrestrictedHours: number) => ({
  month: '2022-03',
  experienceTypeId: 1 as const,
  rawMinutes: rawHours * HOUR,
  countedMinutes: rawHours * HOUR,
  approvedMinutes: rawHours * HOUR,
  reasons: [],
  unrestrictedMinutes: unrestrictedHours * HOUR,
  supervisedMinutes: 0,
  individualMinutes: 0,
  contacts: 0,
  observations: 0,
  observationMinutes: 0,
});

describe('planMessage', () => {
  it('says when the hours are already there', () => {
    expect(messageFor({ history: [month(2000, 1500)] })).toBe(
      'You have the hours you need: there is nothing left to plan.',
    );
  });

  it('names the hours that fall outside the five-year window (Handbook, "Duration of Fieldwork") for a date past it', () => {
    expect(
      messageFor({
        history: [month(1500, 1000)],
        targetDate: '2028-01-31',
      }),
    ).toBe(
      'January 2028 is within reach: 2,000 hours to go in supervised fieldwork, at most 100.5 hours a month, finishing in January 2028. By then 1,500 of your hours so far fall outside the five-year window: they are in the hours to go, to earn again. Finish by February 2027 and they all still count.',
    );
  });

  it('names the last month of the time limit, five years from the current month, for a date past it', () => {
    expect(messageFor({ targetDate: '2031-07-31' })).toBe(
      'July 2031 is past the time limit: all fieldwork must fall within 5 continuous years, so you must finish by May 2031. The plan below finishes by then.',
    );
  });

  it.each<[string, string, string]>([
    // Issue 28: the sentence names the plan's own most in one month beside the maximum.
    [
      '2022',
      '2026-12-31',
      'December 2026 is too soon: even at the monthly maximum of 130 hours, the earliest you can finish is September 2027. The plan below finishes then, with at most 127.5 hours in one month.',
    ],
    [
      '2027',
      '2026-12-31',
      'December 2026 is too soon: even at the monthly maximum of 160 hours, the earliest you can finish is June 2027. The plan below finishes then, with at most 157.5 hours in one month.',
    ],
  ])(
    'under the %s standards, names the earliest month and the plan’s own monthly figure',
    (id, targetDate, message) => {
      const rules = RULE_SETS[id === '2022' ? '2022' : '2027'];
      const plan = planToFinish({
        today: '2026-06-10',
        targetDate,
        ruleSet: rules,
        types: [1],
        history: [],
      });
      expect(planMessage(plan, rules)).toBe(message);
      expect(plan.peakMonthMinutes).toBeLessThanOrEqual(plan.maxMonthMinutes);
    },
  );

  it('a date too soon past the window says which hours fall out by the earliest month', () => {
    // By February 2027 1,900 hours are needed: 91 + 8 × 130 = 1,131 fit; from March 2027 March
    // 2022 is out, 2,000 hours: 91 + 15 × 130 by September 2027.
    expect(messageFor({ history: [month(100, 65)], targetDate: '2026-12-31' })).toBe(
      'December 2026 is too soon: even at the monthly maximum of 130 hours, the earliest you can finish is September 2027. The plan below finishes then, with at most 127.5 hours in one month. By then 100 of your hours so far fall outside the five-year window: they are in the hours to go, to earn again.',
    );
  });

  it('says how many hours would be missing when the time limit cannot be met', () => {
    expect(
      messageFor({
        history: [{ ...month(12000, 0), month: '2026-01', countedMinutes: 0 }],
        targetDate: '2026-12-31',
      }),
    ).toBe(
      'The hours cannot be reached within the 5-year time limit (by May 2031): even at the monthly maximum of 130 hours, 10,239 hours would be missing. Unrestricted hours are under 60% of all your hours, so the plan adds hours, all unrestricted, until they are 60% again.',
    );
  });

  it('says why the total grew when unrestricted hours are short', () => {
    // 500 of 1,800 hours unrestricted: 1,450 more, all unrestricted, make 60% (200 reach 2,000).
    expect(
      messageFor({
        history: [{ ...month(1800, 500), month: '2026-01' }],
        targetDate: '2030-12-31',
      }),
    ).toMatch(
      /^December 2030 is within reach: 1,450 hours to go .* Unrestricted hours are under 60% of all your hours, so the plan adds hours, all unrestricted, until they are 60% again\.$/,
    );
  });
});

describe('a plan near the monthly maximum (issue 36: "Within reach" at 153-157 of 160 h)', () => {
  const plan = (targetDate: string) =>
    planToFinish({
      today: '2026-06-10',
      targetDate,
      ruleSet,
      types: [1],
      history: [],
    });

  it.each<[string, string, boolean]>([
    // 2,000 h from 10 June 2026 under the 130 h maximum: by May 2028, at most 83.5 h (64%).
    ['well under the maximum', '2028-05-31', false],
    // By September 2027, up to 127.5 h a month (98%).
    ['at 90% of the maximum or more', '2027-09-30', true],
  ])('%s: tight is %s', (_, targetDate, isTight) => {
    const result = plan(targetDate);
    expect(result.status).toBe('reachable');
    expect(isTightPlan(result)).toBe(isTight);
    expect(planMessage(result, ruleSet).includes('only just')).toBe(isTight);
  });
});

describe('expiringNote (BCBA Handbook, "Duration of Fieldwork")', () => {
  it('is null when nothing falls out before the plan ends', () => {
    expect(expiringNote({ expiring: [], finishMonth: '2027-01' })).toBeNull();
  });

  it('names the months and hours that fall out by the finish', () => {
    expect(
      expiringNote({
        expiring: [
          { month: '2021-07', minutes: 24 * HOUR, on: '2026-07-01' },
          { month: '2021-08', minutes: 30.5 * HOUR, on: '2026-08-01' },
        ],
        finishMonth: '2026-12',
      }),
    ).toBe(
      '54.5 hours of July 2021 to August 2021 fall outside the five-year window by December 2026: fieldwork must be completed within five continuous years, so the plan earns them again (they are in the hours still to log).',
    );
  });
});
