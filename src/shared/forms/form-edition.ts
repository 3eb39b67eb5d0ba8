import { RULES_2027_FROM, type RuleSetId } from '../logs/rule-sets';
import { monthOf } from '../logs/time';

/**
 * Which edition of the BACB's verification forms documents a month (issue 35 part 4, decision
 * 026). The BCBA Handbook (updated 01/2026) lists both editions ("Documents and Resources":
 * "2022 Monthly Fieldwork Verification Form … 2027 Monthly Fieldwork Verification Form …") and
 * points to a "Guidance for Meeting the BCBA Requirements During the 2027 Transition" we could
 * not find a copy of; it says only that "Outdated BACB forms or non-BACB forms will not be
 * accepted" ("Fieldwork Verification Forms"). So a form keeps its months' year: an M-FVF its
 * month's, an F-FVF its last month's (completed when the experience ends).
 */
export function formEditionOf(lastMonth: string): RuleSetId {
  return lastMonth >= monthOf(RULES_2027_FROM) ? '2027' : '2022';
}

/** The one sentence the forms page says about it. */
export const FORM_EDITION_NOTE =
  'Each form uses the BACB edition of the year of the months it documents (2026 months: the 2022 forms; from January 2027: the 2027 forms): the BACB has published no other rule for months accrued before 2027 by someone applying after it.';
