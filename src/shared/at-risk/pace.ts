import {
  checkMonth,
  type CheckKey,
  type MonthlyCheck,
  type MonthTotals,
} from '../logs/monthly-checks';
import type { RuleSet } from '../logs/rule-sets';
import type { ExperienceTypeId } from '../reference/lookups';
import { monthEnd, monthOf } from '../logs/time';

/*
 * "At the current pace" (issue 14): the month's figures so far ÷ days elapsed (today included) ×
 * days in the month, through the same `checkMonth`: a projected failure is one the trainee will
 * have if the month goes on like its start. Percentages do not move; hours and counts grow.
 */

/** Where `today` stands in `month`: days elapsed (today included) and days left after today. */
export type MonthPace = { daysInMonth: number; daysElapsed: number; daysLeft: number };

export function monthPace(today: string): MonthPace {
  const daysInMonth = Number(monthEnd(monthOf(today)).slice(8, 10));
  const daysElapsed = Number(today.slice(8, 10));
  return { daysInMonth, daysElapsed, daysLeft: daysInMonth - daysElapsed };
}

/** Projected to the month's end; minutes rounded (checks compare whole minutes), counts exact. */
export function projectMonthTotals(totals: MonthTotals, pace: MonthPace): MonthTotals {
  const factor = pace.daysInMonth / Math.max(1, pace.daysElapsed);
  const minutes = (value: number) => Math.round(value * factor);
  const total = minutes(totals.totalMinutes);
  const unrestricted = minutes(totals.unrestrictedMinutes);
  return {
    totalMinutes: total,
    supervisedMinutes: minutes(totals.supervisedMinutes),
    individualMinutes: minutes(totals.individualMinutes),
    groupMinutes: minutes(totals.groupMinutes),
    unrestrictedMinutes: unrestricted,
    contacts: totals.contacts * factor,
    observations: totals.observations * factor,
    observationMinutes: minutes(totals.observationMinutes),
    cumulativeTotalMinutes: totals.cumulativeTotalMinutes + total - totals.totalMinutes,
    cumulativeUnrestrictedMinutes:
      totals.cumulativeUnrestrictedMinutes + unrestricted - totals.unrestrictedMinutes,
  };
}

export type MonthOutlook = {
  checks: MonthlyCheck[];
  /** The checks the projected end-of-month figures fail. */
  failingAtPace: Pick<MonthlyCheck, 'key' | 'label'>[];
  projectedMinutes: number;
  /** What is still missing to reach a minimum (0 when met; null where there is no minimum). */
  stillNeeded: { hours: number; contacts: number | null; observation: number };
};

const missing = (check: MonthlyCheck | undefined): number =>
  check?.required == null ? 0 : Math.max(0, check.required - check.actual);

const find = (checks: MonthlyCheck[], key: CheckKey) => checks.find((check) => check.key === key);

/** The month so far, what is still needed, and what will fail at the current pace. */
export function monthOutlook(
  totals: MonthTotals,
  type: ExperienceTypeId,
  ruleSet: RuleSet,
  pace: MonthPace,
): MonthOutlook {
  const checks = checkMonth(totals, type, ruleSet);
  const projected = projectMonthTotals(totals, pace);
  const contacts = find(checks, 'contacts');
  return {
    checks,
    failingAtPace: checkMonth(projected, type, ruleSet)
      .filter((check) => check.status === 'fail')
      .map(({ key, label }) => ({ key, label })),
    projectedMinutes: projected.totalMinutes,
    stillNeeded: {
      hours: missing(find(checks, 'total-min')),
      contacts: contacts?.required == null ? null : missing(contacts),
      observation: missing(find(checks, 'observation')),
    },
  };
}
