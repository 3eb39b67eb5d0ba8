import { checkMonth, type CheckKey, type MonthTotals } from '../logs/monthly-checks';
import { rulesFor, type RuleSet } from '../logs/rule-sets';
import { formatHours } from '../logs/time';
import type { ExperienceTypeId } from '../reference/lookups';
import { formatHoursBesideLimit, formatPercentBesideLimit, type Limit } from './beside-limit';

/** '1 group hour', '2.5 hours': the figure with its noun, singular only for exactly one. */
export function hoursWord(minutes: number, adjective = ''): string {
  const figure = formatHours(minutes);
  return `${figure} ${adjective}${figure === '1' ? 'hour' : 'hours'}`;
}

/** A BACB-RULES "Adjusted hours" shortfall that removes hours from a month. */
export type AdjustmentRule =
  // Hours that may not count at all (shared/contracts/start-of-fieldwork.ts), judged first.
  | 'before-coursework'
  | 'before-contract'
  | 'after-contract'
  | 'form-signed-late'
  | 'concentrated-failed'
  | 'no-observation'
  | 'below-minimum'
  | 'above-maximum'
  | 'group-exceeds-individual'
  | 'supervision-percent'
  | 'too-few-contacts';

// Zeroing rules first (a month that counts nothing needs nothing else). The cap before the
// percentages, as it removes only independent hours. Group hours before the supervision
// percentage: group hours that do not count cannot count as supervision. Contacts last, as it
// scales what is left ("hours capped at the maximum").
export const ADJUSTMENT_ORDER: readonly AdjustmentRule[] = [
  'before-coursework',
  'before-contract',
  'after-contract',
  'form-signed-late',
  'concentrated-failed',
  'no-observation',
  'below-minimum',
  'above-maximum',
  'group-exceeds-individual',
  'supervision-percent',
  'too-few-contacts',
];

/** Hours taken off a month, with the reason in words (hours rounded to 0.25 for display). */
export type Removal = { rule: AdjustmentRule; minutes: number; reason: string };

/** What a month logged and what it counts. `removals` add up to raw − counted. */
export type AdjustedMonth = { rawMinutes: number; countedMinutes: number; removals: Removal[] };

/** Counted minutes split: supervised that still count, the rest independent (the F-FVF shows both). */
export type AdjustedMonthSplit = AdjustedMonth & { countedSupervisedMinutes: number };

/**
 * One month and fieldwork type's hours that count (BACB-RULES "Adjusted hours"), after
 * `adjustMonthByForms` (form-hours.ts) removed late and at-risk forms' hours. The raw hours stay on
 * the logs. A concentrated month that fails any check counts nothing; the cumulative unrestricted
 * check removes nothing. Removals are whole minutes rounded down: never more than it earned.
 */
export function adjustMonth(
  totals: MonthTotals,
  type: ExperienceTypeId,
  ruleSet: RuleSet,
): AdjustedMonth {
  const { rawMinutes, countedMinutes, removals } = adjustMonthSplit(totals, type, ruleSet);
  return { rawMinutes, countedMinutes, removals };
}

/**
 * `groupFrom`: the individual supervisor whose structure this is (null at an organization). The
 * Handbook, "Group Supervision": "Unless the trainee is receiving supervision at an organization
 * with multiple supervisors, group supervision must be provided by the same supervisor who provides
 * individual supervision": group hours with no individual supervision from them all go.
 */
export function adjustMonthSplit(
  totals: MonthTotals,
  type: ExperienceTypeId,
  ruleSet: RuleSet,
  options: { groupFrom?: string | null } = {},
): AdjustedMonthSplit {
  const rawMinutes = Math.max(0, totals.totalMinutes);
  const rules = rulesFor(ruleSet, type);
  const checks = checkMonth(totals, type, ruleSet);
  const fails = (key: CheckKey) =>
    checks.some((check) => check.key === key && check.status === 'fail');
  const countsNothing = (rule: AdjustmentRule, why: string): AdjustedMonthSplit => ({
    rawMinutes,
    countedMinutes: 0,
    countedSupervisedMinutes: 0,
    removals:
      rawMinutes > 0
        ? [
            {
              rule,
              minutes: rawMinutes,
              reason: `${why}: 0 of ${hoursWord(rawMinutes)} count`,
            },
          ]
        : [],
  });

  if (type === 2) {
    const failed = checks.filter(
      (check) => check.status === 'fail' && check.key !== 'unrestricted-percent',
    );
    if (failed.length > 0) {
      const labels = failed.map((check) => check.label.toLowerCase()).join(', ');
      return countsNothing(
        'concentrated-failed',
        `concentrated month missed a requirement (${labels})`,
      );
    }
  }
  if (fails('observation')) {
    const { observation } = rules;
    const why =
      observation.kind === 'minutes' && totals.observationMinutes > 0
        ? `only ${totals.observationMinutes} of ${observation.minimum} observation minutes this month`
        : 'no observation this month';
    return countsNothing('no-observation', why);
  }
  if (fails('total-min')) {
    return countsNothing('below-minimum', `fewer than ${rules.minMonthlyHours} hours this month`);
  }

  const removals: Removal[] = [];
  const remove = (rule: AdjustmentRule, minutes: number, reason: string) => {
    if (minutes > 0) removals.push({ rule, minutes, reason });
  };
  let supervised = Math.min(Math.max(0, totals.supervisedMinutes), rawMinutes);
  let independent = rawMinutes - supervised;
  const group = Math.max(0, totals.groupMinutes);
  const individual = Math.max(0, totals.individualMinutes);

  const maxMinutes = rules.maxMonthlyHours * 60;
  if (independent + supervised > maxMinutes) {
    const excess = independent + supervised - maxMinutes;
    const fromIndependent = Math.min(excess, independent);
    independent -= fromIndependent;
    // Only when supervision alone exceeds the maximum does any of it have to go.
    supervised -= excess - fromIndependent;
    const max: Limit = { value: rules.maxMonthlyHours, bound: 'max' };
    remove(
      'above-maximum',
      excess,
      `${formatHoursBesideLimit(rawMinutes / 60, max)} hours is above the monthly maximum of ${max.value}: ` +
        `${hoursWord(excess, fromIndependent === excess ? 'independent ' : '')} removed`,
    );
  }

  if (group > individual && supervised > 0) {
    const cut = Math.min(group - individual, supervised);
    const from = options.groupFrom;
    remove(
      'group-exceeds-individual',
      cut,
      individual === 0 && from
        ? `group supervision from ${from} (${formatHours(group)} hours) without individual supervision from them ` +
            `(group supervision must come from the supervisor who gives individual supervision): ${hoursWord(cut, 'group ')} removed`
        : `group supervision (${formatHours(group)} hours) exceeded individual supervision ` +
            `(${hoursWord(individual)}): ${hoursWord(cut, 'group ')} removed`,
    );
    supervised -= cut;
  }

  const percent = rules.minSupervisionPercent;
  const total = independent + supervised;
  if (supervised * 100 < percent * total) {
    const min: Limit = { value: percent, bound: 'min' };
    // The largest total at which the supervised minutes still make the percentage.
    const allowed = Math.floor((supervised * 100) / percent);
    const cut = total - allowed;
    remove(
      'supervision-percent',
      cut,
      `supervision was ${formatPercentBesideLimit((supervised * 100) / total, min)} of hours (${percent}% required): ` +
        `${hoursWord(cut, 'independent ')} removed`,
    );
    independent -= cut;
  }

  let counted = independent + supervised;
  if (rules.minContacts !== null && totals.contacts < rules.minContacts) {
    const held = Math.max(0, totals.contacts);
    const kept = Math.floor((counted * held) / rules.minContacts);
    // The proportion applies to both kinds of hours; rounding down keeps it within `kept`.
    supervised = Math.floor((supervised * held) / rules.minContacts);
    remove(
      'too-few-contacts',
      counted - kept,
      `${totals.contacts} of ${rules.minContacts} supervision contacts: ` +
        `${formatHours(kept)} of ${hoursWord(counted)} count`,
    );
    counted = kept;
  }

  return { rawMinutes, countedMinutes: counted, countedSupervisedMinutes: supervised, removals };
}
