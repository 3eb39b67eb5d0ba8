import {
  plannedApplicationDate,
  RULE_SETS,
  ruleSetForApplication,
  RULES_2027_FROM,
  type RuleSet,
  type RuleSetId,
} from './rule-sets';
import { formatMonthYear, formatUsDate, monthOf } from './time';

/**
 * The standards a trainee's record is read against, and why, in the words every screen that
 * names the standards shows (BACB-RULES "Rule sets": the set follows the planned application
 * date, which is the plan's finish date when one is set).
 */
export type StandardsInForce = {
  ruleSet: RuleSet;
  /** True when the trainee chose the set in their profile (false: it follows the date). */
  isChosen: boolean;
  /** Why this set applies, in one sentence. */
  reason: string;
  /** Where the chosen set is not the one the finish date calls for, that in one sentence. */
  mismatch: string | null;
};

const FROM = formatUsDate(RULES_2027_FROM);

/** The finish date's side of 2027-01-01, in words: 'Your finish date (May 2028) is on or after 1/1/2027'. */
function finishDateSide(finishDate: string, byDate: RuleSet): string {
  const side = byDate.id === '2027' ? 'on or after' : 'before';
  return `Your finish date (${formatMonthYear(monthOf(finishDate))}) is ${side} ${FROM}`;
}

/**
 * The standards in force for a trainee: `choice` from the profile (null: none), `today` and the
 * plan's `finishDate` ('YYYY-MM-DD', null before a plan is saved). A finish date already past
 * says nothing about when they will apply, so it neither decides the set nor disagrees with it.
 */
export function standardsInForce(input: {
  choice: RuleSetId | null;
  today: string;
  finishDate: string | null;
}): StandardsInForce {
  const finishDate =
    input.finishDate !== null && input.finishDate > input.today ? input.finishDate : null;
  const byDate = ruleSetForApplication(plannedApplicationDate(input.today, finishDate));
  if (input.choice !== null) {
    const chosen = RULE_SETS[input.choice];
    return {
      ruleSet: chosen,
      isChosen: true,
      reason: `You chose the ${chosen.label} in your profile.`,
      mismatch:
        finishDate !== null && byDate.id !== chosen.id
          ? `${finishDateSide(finishDate, byDate)}: an application then is judged by the ` +
            `${byDate.label}, not the ${chosen.label} you chose. Change the standards in your ` +
            `profile, or your finish date.`
          : null,
    };
  }
  return {
    ruleSet: byDate,
    isChosen: false,
    reason:
      finishDate !== null
        ? `${finishDateSide(finishDate, byDate)}, so an application then is judged by the ${byDate.label}.`
        : byDate.id === '2027'
          ? `Applications from ${FROM} are judged by the ${byDate.label}.`
          : `With no finish date set, the standards of an application today apply; from ${FROM}, the ${RULE_SETS['2027'].label}.`,
    mismatch: null,
  };
}

/** The standards in force on the wire: every answer that names the standards sends this. */
export function standardsToWire(standards: StandardsInForce) {
  return {
    id: standards.ruleSet.id,
    label: standards.ruleSet.label,
    is_chosen: standards.isChosen,
    reason: standards.reason,
    mismatch: standards.mismatch,
  };
}
