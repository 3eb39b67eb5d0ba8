import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import { planToFinish, type PlanInput } from './plan';
import { isTightPlan, planMessage } from './plan-message';

const HOUR = 60;
const ruleSet = RULE_SETS['2022'];

function messageFor(overrides: Partial<PlanInput>): string {
  const input: PlanInput = {
    today: '2026-06-10',
    targetDate: '2027-11-30',
    ruleSet,
    types: [1],
    history: [],
    firstFieldworkDate: null,
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
    expect(messageFor({ history: [month(2000, 1500)], firstFieldworkDate: '2022-03-01' })).toBe(
      'You have the hours you need: there is nothing left to plan.',
    );
  });

  it('names the last month of the time limit for a date past it', () => {
    expect(
      messageFor({
        history: [month(1500, 1000)],
        firstFieldworkDate: '2022-03-14',
        targetDate: '2028-01-31',
      }),
    ).toBe(
      'January 2028 is past the time limit: all fieldwork must fall within 5 continuous years, so you must finish by March 2027. The plan below finishes by then.',
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
        firstFieldworkDate: null,
      });
      expect(planMessage(plan, rules)).toBe(message);
      expect(plan.peakMonthMinutes).toBeLessThanOrEqual(plan.maxMonthMinutes);
    },
  );

  it('says how many hours would be missing when the time limit cannot be met', () => {
    // June 2026's 21 days left take 91 hours, July to February at 130 hours 1,040: 1,131 of the
    // 1,900 hours left.
    expect(
      messageFor({
        history: [month(100, 65)],
        firstFieldworkDate: '2022-03-01',
        targetDate: '2026-12-31',
      }),
    ).toBe(
      'The hours cannot be reached within the 5-year time limit (by February 2027): even at the monthly maximum of 130 hours, 769 hours would be missing.',
    );
  });

  it('says why the total grew when unrestricted hours are short', () => {
    // 500 of 1,800 hours unrestricted: 1,450 more, all unrestricted, make 60% (200 reach 2,000).
    expect(
      messageFor({
        history: [{ ...month(1800, 500), month: '2026-01' }],
        firstFieldworkDate: '2026-01-05',
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
      firstFieldworkDate: null,
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
