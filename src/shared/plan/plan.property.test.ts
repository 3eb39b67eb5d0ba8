import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULE_SETS, rulesFor } from '../logs/rule-sets';
import { addMonths, monthEnd } from '../logs/time';
import type { ExperienceTypeId } from '../reference/lookups';
import { windowStart } from '../progress/five-year-window';
import { goalMinutesLeft, planToFinish, type PlanHistoryMonth, type PlanInput } from './plan';
import { PLAN_STEP_MINUTES } from './plan-spread';

const HOUR = 60;

/** A trainee's record and plan inputs: up to 72 months back, a target up to 7 years ahead. */
const inputs: fc.Arbitrary<PlanInput> = fc
  .record({
    currentIndex: fc.integer({ min: 2025 * 12, max: 2029 * 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    targetAhead: fc.integer({ min: 0, max: 84 }),
    ruleSet: fc.constantFrom(RULE_SETS['2022'], RULE_SETS['2027']),
    types: fc.constantFrom<ExperienceTypeId[]>([1], [2], [1, 2]),
    months: fc.array(
      fc.record({
        back: fc.integer({ min: 0, max: 71 }),
        type: fc.constantFrom<ExperienceTypeId>(1, 2),
        raw: fc.integer({ min: 0, max: 200 * HOUR }),
        countedShare: fc.double({ min: 0, max: 1, noNaN: true }),
        unrestrictedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ currentIndex, day, targetAhead, ruleSet, types, months }) => {
    const current = `${Math.floor(currentIndex / 12)}-${String((currentIndex % 12) + 1).padStart(2, '0')}`;
    const today = `${current}-${String(day).padStart(2, '0')}`;
    const seen = new Set<string>();
    const history: PlanHistoryMonth[] = [];
    for (const month of months) {
      const key = `${month.back}/${month.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      history.push({
        month: addMonths(current, -month.back),
        experienceTypeId: month.type,
        rawMinutes: month.raw,
        countedMinutes: Math.floor(month.raw * month.countedShare),
        approvedMinutes: 0,
        reasons: [],
        unrestrictedMinutes: Math.floor(month.raw * month.unrestrictedShare),
        supervisedMinutes: 0,
        individualMinutes: 0,
        contacts: 0,
        observations: 0,
        observationMinutes: 0,
      });
    }
    return {
      today,
      targetDate: monthEnd(addMonths(current, targetAhead)),
      ruleSet,
      types,
      history,
    };
  });

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('planToFinish, for any record and target', () => {
  it('never plans a month above the monthly maximum, nor a new month under the minimum', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        const rules = rulesFor(input.ruleSet, plan.experienceTypeId);
        const currentType = input.history.find(
          (row) =>
            row.month === input.today.slice(0, 7) && row.experienceTypeId === plan.experienceTypeId,
        );
        for (const month of plan.months) {
          if (month.kind === 'future') {
            expect(month.toLogMinutes).toBeLessThanOrEqual(rules.maxMonthlyHours * HOUR);
            if (month.toLogMinutes! > 0)
              expect(month.toLogMinutes).toBeGreaterThanOrEqual(rules.minMonthlyHours * HOUR);
          }
          if (month.kind === 'current') {
            const logged = Math.min(currentType?.rawMinutes ?? 0, rules.maxMonthlyHours * HOUR);
            expect(logged + month.toLogMinutes!).toBeLessThanOrEqual(
              Math.max(logged, rules.maxMonthlyHours * HOUR),
            );
            // Hours added to this month bring it to the minimum at least.
            if (month.toLogMinutes! > 0)
              expect(logged + month.toLogMinutes!).toBeGreaterThanOrEqual(
                rules.minMonthlyHours * HOUR,
              );
          }
          expect((month.toLogMinutes ?? 0) % PLAN_STEP_MINUTES).toBe(0);
        }
      }),
    );
  });

  it('reaches the hours needed exactly (to the quarter hour) by its finish month, never after the target when reachable', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        const planned = sum(plan.months.map((month) => month.toLogMinutes ?? 0));
        if (plan.status === 'done') expect(planned).toBe(0);
        if (plan.status === 'unreachable') expect(planned).toBeLessThan(plan.neededMinutes);
        if (plan.status === 'done' || plan.status === 'unreachable') return;
        const rules = rulesFor(input.ruleSet, plan.experienceTypeId);
        expect(planned).toBeGreaterThanOrEqual(plan.neededMinutes);
        // More only when one month's minimum is more than what is left.
        if (plan.neededMinutes >= 2 * rules.minMonthlyHours * HOUR)
          expect(planned - plan.neededMinutes).toBeLessThan(PLAN_STEP_MINUTES);
        const lastMonth = plan.months.at(-1)!.month;
        expect(plan.finishMonth! <= lastMonth).toBe(true);
        expect(
          plan.months.find((month) => month.month === plan.finishMonth)?.toLogMinutes,
        ).toBeGreaterThan(0);
        if (plan.status === 'reachable') {
          expect(plan.finishMonth! <= plan.targetMonth).toBe(true);
          // An even pace over every month to the target finishes in the target month.
          const months = plan.months.filter((month) => month.kind !== 'past').length;
          if (plan.neededMinutes >= months * rules.minMonthlyHours * HOUR)
            expect(plan.finishMonth).toBe(plan.targetMonth);
        }
      }),
    );
  });

  it('keeps all hours at least 60% unrestricted at the end, and every short month all unrestricted', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        const upToNow = input.history.filter((row) => row.month <= input.today.slice(0, 7));
        let all = sum(upToNow.map((row) => row.rawMinutes));
        let unrestricted = sum(upToNow.map((row) => row.unrestrictedMinutes));
        const percent = rulesFor(input.ruleSet, plan.experienceTypeId).minUnrestrictedPercent;
        for (const month of plan.months.filter((row) => row.kind !== 'past')) {
          all += month.toLogMinutes!;
          unrestricted += month.unrestrictedMinutes!;
          expect(month.unrestrictedMinutes).toBeLessThanOrEqual(month.toLogMinutes!);
          if (unrestricted * 100 < percent * all)
            expect(month.unrestrictedMinutes).toBe(month.toLogMinutes);
        }
        if (plan.status !== 'unreachable' && plan.status !== 'done')
          expect(unrestricted * 100).toBeGreaterThanOrEqual(percent * all);
      }),
    );
  });

  it('names the earliest month truthfully: reachable by it, not by the month before', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        if (plan.status !== 'too-soon') return;
        expect(plan.boundedBy).toBe('monthly-maximum');
        const atEarliest = planToFinish({ ...input, targetDate: `${plan.earliestMonth}-01` });
        expect(['reachable', 'beyond-time-limit']).toContain(atEarliest.status);
        expect(atEarliest.finishMonth).toBe(plan.earliestMonth);
        const before = addMonths(plan.earliestMonth!, -1);
        if (before >= input.today.slice(0, 7)) {
          const atBefore = planToFinish({ ...input, targetDate: `${before}-01` });
          expect(atBefore.status).toBe('too-soon');
        }
      }),
    );
  });

  it('ends with the goal inside the five-year window of its last month (Handbook, "Duration of Fieldwork")', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        if (plan.status === 'done' || plan.status === 'unreachable') return;
        const current = input.today.slice(0, 7);
        const last = plan.months.at(-1)!.month;
        const max = (type: ExperienceTypeId) =>
          rulesFor(input.ruleSet, type).maxMonthlyHours * HOUR;
        // What still counts in the window ending with the plan's last month, and what is planned.
        const kept = (type: ExperienceTypeId) =>
          sum(
            input.history
              .filter(
                (row) =>
                  row.experienceTypeId === type &&
                  row.month <= current &&
                  row.month >= windowStart(last),
              )
              .map((row) =>
                row.month === current ? Math.min(row.rawMinutes, max(type)) : row.countedMinutes,
              ),
          );
        const planned = sum(plan.months.map((month) => month.toLogMinutes ?? 0));
        const type = plan.experienceTypeId;
        expect(
          goalMinutesLeft(input.ruleSet, type, {
            supervised: kept(1) + (type === 1 ? planned : 0),
            concentrated: kept(2) + (type === 2 ? planned : 0),
          }),
        ).toBe(0);
        // Only a plan past the window of the hours so far loses any of them.
        if (last <= plan.keepsAllUntil) expect(plan.expiring).toEqual([]);
        else expect(plan.expiring.every((month) => month.month < windowStart(last))).toBe(true);
      }),
    );
  });

  it('never plans past the end of the 5-year time limit, five years from the current month', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        expect(plan.months.at(-1)!.month <= plan.latestMonth || plan.status === 'done').toBe(true);
        if (plan.status === 'beyond-time-limit')
          expect(plan.targetMonth > plan.latestMonth).toBe(true);
      }),
    );
  });

  it('adds the actual and planned months up', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const plan = planToFinish(input);
        let actual = 0;
        let planned = 0;
        for (const month of plan.months) {
          actual += month.actualMinutes ?? 0;
          planned += month.kind === 'past' ? month.actualMinutes! : month.plannedMinutes!;
          // Less the months fallen outside the five-year window by then.
          const expired = sum(
            plan.expiring
              .filter((leaving) => leaving.on <= `${month.month}-01`)
              .map((leaving) => leaving.minutes),
          );
          if (month.cumulativeActualMinutes !== null)
            expect(month.cumulativeActualMinutes).toBe(actual);
          if (month.cumulativePlannedMinutes !== null)
            expect(month.cumulativePlannedMinutes).toBe(planned - expired);
        }
        expect(actual).toBe(plan.countedMinutes);
      }),
    );
  });
});
