import { formatHours, formatMonthYear } from '../logs/time';
import type { RuleSet } from '../logs/rule-sets';
import { EXPERIENCE_TYPES } from '../reference/lookups';
import type { Plan } from './plan';

const hours = (minutes: number) => `${formatHours(minutes)} hours`;

/**
 * A plan is tight when its busiest month needs at least this share of the monthly maximum
 * (issue 36: 153-157 h a month against 160 h was called "Within reach" in green). 90%: one week
 * short in such a month cannot be made up in the next without passing the maximum.
 */
export const TIGHT_SHARE_OF_MAXIMUM = 0.9;

export function isTightPlan(plan: Pick<Plan, 'status' | 'peakMonthMinutes' | 'maxMonthMinutes'>) {
  return (
    plan.status === 'reachable' &&
    plan.maxMonthMinutes > 0 &&
    plan.peakMonthMinutes >= TIGHT_SHARE_OF_MAXIMUM * plan.maxMonthMinutes
  );
}

export function planMessage(plan: Plan, ruleSet: RuleSet): string {
  const target = formatMonthYear(plan.targetMonth);
  const max = hours(plan.maxMonthMinutes);
  const years = ruleSet.timeLimitYears;
  const typeName =
    EXPERIENCE_TYPES.find((type) => type.id === plan.experienceTypeId)?.name.toLowerCase() ?? '';
  const share = plan.isRaisedByUnrestricted
    ? ' Unrestricted hours are under 60% of all your hours, so the plan adds hours, all unrestricted, until they are 60% again.'
    : '';
  const planned = plan.months.reduce((sum, month) => sum + (month.toLogMinutes ?? 0), 0);
  const expiringMinutes = plan.expiring.reduce((sum, month) => sum + month.minutes, 0);
  // Decision 032: hours so far that fall outside the window by the plan's end are earned again.
  const keep =
    plan.earliestMonth !== null && plan.earliestMonth <= plan.keepsAllUntil
      ? ` Finish by ${formatMonthYear(plan.keepsAllUntil)} and they all still count.`
      : '';
  const expiry =
    expiringMinutes > 0
      ? ` By then ${formatHours(expiringMinutes)} of your hours so far fall outside the five-year window: they are in the hours to go, to earn again.${keep}`
      : '';
  switch (plan.status) {
    case 'done':
      return 'You have the hours you need: there is nothing left to plan.';
    case 'reachable':
      if (isTightPlan(plan)) {
        const percent = Math.round((plan.peakMonthMinutes * 100) / plan.maxMonthMinutes);
        return (
          `${target} is within reach, only just: ${hours(plan.neededMinutes)} to go in ${typeName}, ` +
          `up to ${hours(plan.peakMonthMinutes)} a month, ${percent}% of the monthly maximum of ${max}, ` +
          `finishing in ${formatMonthYear(plan.finishMonth!)}. A month short of its hours cannot be ` +
          `made up later without passing the maximum: the date then moves.${expiry}${share}`
        );
      }
      return (
        `${target} is within reach: ${hours(plan.neededMinutes)} to go in ${typeName}, ` +
        `at most ${hours(plan.peakMonthMinutes)} a month, finishing in ${formatMonthYear(plan.finishMonth!)}.${expiry}${share}`
      );
    case 'too-soon':
      // The plan's own figure beside the maximum: the months are spread evenly, often under it.
      return (
        `${target} is too soon: even at the monthly maximum of ${max}, the earliest you can ` +
        `finish is ${formatMonthYear(plan.earliestMonth!)}. The plan below finishes then, with ` +
        `at most ${hours(plan.peakMonthMinutes)} in one month.${expiry}${share}`
      );
    case 'beyond-time-limit':
      return (
        `${target} is past the time limit: all fieldwork must fall within ${years} continuous ` +
        `years, so you must finish by ${formatMonthYear(plan.latestMonth)}. The plan below finishes by then.${expiry}${share}`
      );
    case 'unreachable':
      return (
        `The hours cannot be reached within the ${years}-year time limit (by ` +
        `${formatMonthYear(plan.latestMonth)}): even at the monthly maximum of ${max}, ` +
        `${hours(plan.neededMinutes - planned)} would be missing.${expiry}${share}`
      );
  }
}

/**
 * What falls outside the five-year window before the plan's last month (decision 032; BCBA
 * Handbook, "Duration of Fieldwork"), null when nothing does.
 */
export function expiringNote(plan: Pick<Plan, 'expiring' | 'finishMonth'>): string | null {
  if (plan.expiring.length === 0) return null;
  const total = plan.expiring.reduce((sum, month) => sum + month.minutes, 0);
  const first = plan.expiring[0]!;
  const last = plan.expiring.at(-1)!;
  const span =
    first.month === last.month
      ? formatMonthYear(first.month)
      : `${formatMonthYear(first.month)} to ${formatMonthYear(last.month)}`;
  const by = plan.finishMonth ? ` by ${formatMonthYear(plan.finishMonth)}` : '';
  return (
    `${hours(total)} of ${span} fall outside the five-year window${by}: fieldwork must be ` +
    'completed within five continuous years, so the plan earns them again (they are in the hours still to log).'
  );
}
