import {
  plannedApplicationDate,
  RULE_SETS,
  ruleSetForApplication,
  RULES_2027_FROM,
  type RuleSet,
  type RuleSetId,
} from './rule-sets';
import { formatHours, formatMonthYear, formatUsDate, monthOf } from './time';

/** The standards a record is read against, and why (BACB-RULES "Rule sets": by application date). */
export type StandardsInForce = {
  ruleSet: RuleSet;
  /** True when the trainee chose the set in their profile (false: it follows the date). */
  isChosen: boolean;
  reason: string;
  /** Where the chosen set is not the one the finish date calls for, that in one sentence. */
  mismatch: string | null;
};

const FROM = formatUsDate(RULES_2027_FROM);

/** Whether the hours still needed fit before 1 January 2027 (worked out by `reachBeforeSwitch`). */
export type ReachBeforeSwitch = {
  canFinish: boolean;
  /** Hours toward the goal still needed (concentrated ×1.33), as minutes. */
  neededMinutes: number;
  /** What the days left can hold at the 2022 monthly maximum, as minutes toward the goal. */
  capacityMinutes: number;
  applyBy: string;
};

/** 'You need 1,600 more hours; the days left before 1/1/2027 hold at most 71 …'. */
function cannotReach(reach: ReachBeforeSwitch): string {
  return (
    `You need ${formatHours(reach.neededMinutes)} more hours toward the total and the days left before ` +
    `${FROM} hold at most ${formatHours(reach.capacityMinutes)} at the monthly maximum`
  );
}

/** The finish date's side of 2027-01-01, in words: 'Your finish date (May 2028) is on or after 1/1/2027'. */
function finishDateSide(finishDate: string, byDate: RuleSet): string {
  const side = byDate.id === '2027' ? 'on or after' : 'before';
  return `Your finish date (${formatMonthYear(monthOf(finishDate))}) is ${side} ${FROM}`;
}

/**
 * A finish date already past says nothing about when they will apply, so it neither decides the
 * set nor disagrees with it. BCBA Handbook (updated 01/2026), "Fieldwork Requirements":
 * "Applicants applying for BCBA certification must meet all requirements at the time they apply,
 * regardless of when their hours were earned." (BACB-RULES "Rule sets"; standards-switch.ts.)
 */
export function standardsInForce(input: {
  choice: RuleSetId | null;
  today: string;
  finishDate: string | null;
  reach?: ReachBeforeSwitch | null;
}): StandardsInForce {
  const finishDate =
    input.finishDate !== null && input.finishDate > input.today ? input.finishDate : null;
  const byDate = ruleSetForApplication(plannedApplicationDate(input.today, finishDate));
  // Only a date before the switch can be missed: the record decides whether it can be kept.
  const reach = byDate.id === '2022' ? (input.reach ?? null) : null;
  const missesSwitch = reach !== null && !reach.canFinish;
  const expected = missesSwitch ? RULE_SETS['2027'] : byDate;
  if (input.choice !== null) {
    const chosen = RULE_SETS[input.choice];
    return {
      ruleSet: chosen,
      isChosen: true,
      reason: `You chose the ${chosen.label} in your profile.`,
      mismatch:
        expected.id === chosen.id
          ? null
          : missesSwitch
            ? `${cannotReach(reach)}: an application then is judged by the ${expected.label}, not ` +
              `the ${chosen.label} you chose. Change the standards in your profile.`
            : finishDate !== null
              ? `${finishDateSide(finishDate, byDate)}: an application then is judged by the ` +
                `${byDate.label}, not the ${chosen.label} you chose. Change the standards in your ` +
                `profile, or your finish date.`
              : null,
    };
  }
  const applyBy = reach ? formatUsDate(reach.applyBy) : null;
  return {
    ruleSet: expected,
    isChosen: false,
    reason: missesSwitch
      ? `${cannotReach(reach)}, so you will apply under the ${expected.label}: your record is read by them now, ${input.today.slice(0, 4)} hours included.`
      : finishDate !== null
        ? `${finishDateSide(finishDate, byDate)}, so an application then is judged by the ${byDate.label}` +
          (applyBy ? `; apply by ${applyBy} to keep them.` : '.')
        : byDate.id === '2027'
          ? `Applications from ${FROM} are judged by the ${byDate.label}.`
          : applyBy
            ? `You can still reach the total before ${FROM}: apply by ${applyBy} and the ${byDate.label} apply; from ${FROM}, the ${RULE_SETS['2027'].label}.`
            : `With no finish date set, the standards of an application today apply; from ${FROM}, the ${RULE_SETS['2027'].label}.`,
    mismatch: null,
  };
}

export function standardsToWire(standards: StandardsInForce) {
  return {
    id: standards.ruleSet.id,
    label: standards.ruleSet.label,
    is_chosen: standards.isChosen,
    reason: standards.reason,
    mismatch: standards.mismatch,
  };
}
