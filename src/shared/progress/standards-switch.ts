import type { MonthlyCheck } from '../logs/monthly-checks';
import {
  RULE_SET_IDS,
  RULE_SETS,
  RULES_2027_FROM,
  rulesFor,
  type RuleSetId,
} from '../logs/rule-sets';
import type { ReachBeforeSwitch } from '../logs/standards-in-force';
import {
  addDays,
  addMonths,
  formatHours,
  formatHoursGrouped,
  formatMonthYear,
  formatPercent,
  formatUsDate,
  monthEnd,
  monthOf,
} from '../logs/time';
import type { ExperienceTypeId } from '../reference/lookups';
import type { FormHoursMonth, FormPartResult } from './form-hours';
import { CONCENTRATED_MULTIPLIER, HOURS_GOAL } from './progress';

/*
 * The switch to the 2027 standards (issue 35). BCBA Handbook (updated 01/2026), "Fieldwork
 * Requirements": "Applicants applying for BCBA certification must meet all requirements at the
 * time they apply, regardless of when their hours were earned." From 1 January 2027 an
 * application is judged by the 2027 standards ("BCBA 2027 Eligibility Requirements": 5% / 7.5%
 * supervision, 20 to 160 hours, observation "60 minutes (cumulative)" / "90 minutes
 * (cumulative)" per supervisory period) for every hour, 2026 ones included. Answered here once:
 * can the trainee reach the total before the switch, and which months does it judge differently?
 */

/** The last day an application is judged by the 2022 standards. */
export const LAST_2022_APPLICATION_DAY = addDays(RULES_2027_FROM, -1);

/** Whether the switch is still ahead on `today` ('YYYY-MM-DD'). */
export function isBeforeSwitch(today: string): boolean {
  return today < RULES_2027_FROM;
}

/**
 * Whether the hours still needed fit before the switch: `countedProgressMinutes` is counted hours
 * under 2022 toward the goal (concentrated ×1.33). The days left hold the 2022 monthly maximum: the
 * running month its share for today to its end less what it holds, later months the maximum. Null
 * on and after the switch.
 */
export function reachBeforeSwitch(input: {
  today: string;
  countedProgressMinutes: number;
  loggedThisMonthMinutes: number;
  isConcentrated: boolean;
}): ReachBeforeSwitch | null {
  if (!isBeforeSwitch(input.today)) return null;
  const type: ExperienceTypeId = input.isConcentrated ? 2 : 1;
  const maxMinutes = rulesFor(RULE_SETS['2022'], type).maxMonthlyHours * 60;
  const worth = input.isConcentrated ? CONCENTRATED_MULTIPLIER : 1;
  const month = monthOf(input.today);
  const daysInMonth = Number(monthEnd(month).slice(8, 10));
  const daysLeft = daysInMonth - Number(input.today.slice(8, 10)) + 1;
  const thisMonth = Math.max(
    0,
    Math.min(
      maxMinutes - input.loggedThisMonthMinutes,
      Math.floor((maxMinutes * daysLeft) / daysInMonth),
    ),
  );
  let laterMonths = 0;
  for (let next = addMonths(month, 1); next < monthOf(RULES_2027_FROM); next = addMonths(next, 1))
    laterMonths += 1;
  const capacityMinutes = Math.floor((thisMonth + laterMonths * maxMinutes) * worth);
  const neededMinutes = Math.max(0, HOURS_GOAL * 60 - Math.round(input.countedProgressMinutes));
  return {
    canFinish: neededMinutes <= capacityMinutes,
    neededMinutes,
    capacityMinutes,
    applyBy: LAST_2022_APPLICATION_DAY,
  };
}

export type SwitchMonthInput = {
  month: string;
  type: ExperienceTypeId;
  rawMinutes: number;
  under: Readonly<Record<RuleSetId, FormHoursMonth>>;
};

/** A requirement one set judges differently: which set fails it, and the figures in words. */
export type SwitchDifference = { ruleSet: RuleSetId; key: MonthlyCheck['key']; text: string };

export type SwitchMonth = {
  month: string;
  rawMinutes: number;
  countedMinutes: Record<RuleSetId, number>;
  differences: SwitchDifference[];
  /** For the month still running: what would mend it before it ends, per set that fails it. */
  mends: { ruleSet: RuleSetId; text: string }[];
  isRunning: boolean;
};

/** The whole record under both sets, and the months where they differ (newest first). */
export type StandardsSwitch = {
  countedMinutes: Record<RuleSetId, number>;
  /** Minutes the switch takes away (2022 counted less 2027 counted); negative when it adds. */
  costMinutes: number;
  months: SwitchMonth[];
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** A failed requirement as a short phrase: 'observation 30 of 60 minutes'. */
function phrase(check: MonthlyCheck): string {
  const required = check.required ?? 0;
  switch (check.key) {
    case 'observation':
      return check.unit === 'minutes'
        ? `observation ${check.actual} of ${required} minutes`
        : `observations ${check.actual} of ${required}`;
    case 'contacts':
      return `supervision contacts ${check.actual} of ${required}`;
    case 'supervision-percent':
      return `supervision ${formatPercent(check.actual)} of hours, ${required}% required`;
    case 'individual-percent':
      return `individual supervision ${formatPercent(check.actual)}, ${required}% required`;
    case 'total-max':
      return `${formatHoursGrouped(check.actual)} hours, above the ${required}-hour maximum`;
    case 'total-min':
      return `${formatHoursGrouped(check.actual)} hours, below the ${required}-hour minimum`;
    case 'unrestricted-percent':
      return `unrestricted ${formatPercent(check.actual)} of all hours, ${required}% required`;
  }
}

/** What would mend a failed requirement before `lastDay`, or null when logging more cannot. */
function mendOf(check: MonthlyCheck, totals: FormPartResult['totals'], lastDay: string) {
  const by = `by ${formatUsDate(lastDay)}`;
  const required = check.required ?? 0;
  switch (check.key) {
    case 'observation': {
      const missing = Math.max(0, Math.ceil(required - check.actual));
      return check.unit === 'minutes'
        ? `${missing} more observation ${plural(missing, 'minute', 'minutes')} with your supervisor ${by}`
        : `an observation with your supervisor ${by}`;
    }
    case 'contacts': {
      const missing = Math.max(0, Math.ceil(required - check.actual));
      return `${missing} more supervision ${plural(missing, 'contact', 'contacts')} ${by}`;
    }
    case 'supervision-percent': {
      // x more supervised minutes (which add to the total too) make (s + x) / (t + x) ≥ p.
      const missing = Math.ceil(
        (required * totals.totalMinutes - 100 * totals.supervisedMinutes) / (100 - required),
      );
      // Up to the next quarter hour: the figure shown must be enough.
      return `${formatHours(Math.ceil(Math.max(1, missing) / 15) * 15)} more hours of supervision ${by}`;
    }
    default:
      return null;
  }
}

/**
 * Requirements one set fails that the other does not fail the same way: the rules that differ,
 * structure by structure (each is judged on its own), named where the month has several.
 */
function differencesOf(entry: SwitchMonthInput) {
  const result: { ruleSet: RuleSetId; check: MonthlyCheck; form: FormPartResult; who: string }[] =
    [];
  const named = entry.under['2022'].forms.length > 1;
  for (const id of RULE_SET_IDS) {
    const other = RULE_SET_IDS.find((candidate) => candidate !== id)!;
    for (const form of entry.under[id].forms) {
      const there = entry.under[other].forms.find((candidate) => candidate.key === form.key);
      for (const check of form.checks) {
        if (check.status !== 'fail' || check.key === 'unrestricted-percent') continue;
        const same = there?.checks.find((candidate) => candidate.key === check.key);
        if (same?.status === 'fail' && same.required === check.required) continue;
        result.push({ ruleSet: id, check, form, who: named ? `${form.label}: ` : '' });
      }
    }
  }
  return result;
}

/**
 * The record under both sets (`entries`: every month and type, read by both), each set's total,
 * and the months they differ with the rules; the running month also says what would mend it.
 */
export function compareStandards(
  entries: readonly SwitchMonthInput[],
  today: string,
): StandardsSwitch {
  const zero = (): Record<RuleSetId, number> => ({ '2022': 0, '2027': 0 });
  const countedMinutes = zero();
  const byMonth = new Map<string, SwitchMonth>();
  const running = monthOf(today);
  for (const entry of entries) {
    const month = byMonth.get(entry.month) ?? {
      month: entry.month,
      rawMinutes: 0,
      countedMinutes: zero(),
      differences: [],
      mends: [],
      isRunning: entry.month === running,
    };
    byMonth.set(entry.month, month);
    month.rawMinutes += entry.rawMinutes;
    for (const id of RULE_SET_IDS) {
      countedMinutes[id] += entry.under[id].countedMinutes;
      month.countedMinutes[id] += entry.under[id].countedMinutes;
    }
    if (entry.under['2022'].countedMinutes === entry.under['2027'].countedMinutes) continue;
    for (const { ruleSet, check, form, who } of differencesOf(entry)) {
      month.differences.push({ ruleSet, key: check.key, text: who + phrase(check) });
      const mend = month.isRunning ? mendOf(check, form.totals, monthEnd(entry.month)) : null;
      if (mend) month.mends.push({ ruleSet, text: who + mend });
    }
  }
  const months = [...byMonth.values()]
    .filter((month) => month.countedMinutes['2022'] !== month.countedMinutes['2027'])
    .sort((a, b) => b.month.localeCompare(a.month));
  return {
    countedMinutes,
    costMinutes: countedMinutes['2022'] - countedMinutes['2027'],
    months,
  };
}

/** 'October 2026 (observation 30 of 60 minutes under the 2027 standards)'. */
export function switchMonthLine(month: SwitchMonth): string {
  const why = month.differences
    .map((difference) => `${difference.text} under the ${RULE_SETS[difference.ruleSet].label}`)
    .join('; ');
  const counts = RULE_SET_IDS.map(
    (id) =>
      `${formatHoursGrouped(month.countedMinutes[id] / 60)} h under the ${RULE_SETS[id].label}`,
  ).join(', ');
  return `${formatMonthYear(month.month)}${month.isRunning ? ' (so far)' : ''}: ${counts}${why ? ` (${why})` : ''}`;
}

/** The switch's cost in one sentence ('On 1/1/2027 the 2027 standards take 85 hours …'), or null. */
export function switchSummary(comparison: StandardsSwitch, whose = 'your record'): string | null {
  if (comparison.months.length === 0) return null;
  const from = formatUsDate(RULES_2027_FROM);
  const counts = `${formatHoursGrouped(comparison.countedMinutes['2022'] / 60)} count under the ${RULE_SETS['2022'].label}, ${formatHoursGrouped(comparison.countedMinutes['2027'] / 60)} under the ${RULE_SETS['2027'].label}`;
  const months = `${comparison.months.length} ${plural(comparison.months.length, 'month', 'months')}`;
  if (comparison.costMinutes > 0)
    return `From ${from} the ${RULE_SETS['2027'].label} take ${formatHoursGrouped(comparison.costMinutes / 60)} hours from ${whose}, in ${months}: ${counts}.`;
  if (comparison.costMinutes < 0)
    return `From ${from} the ${RULE_SETS['2027'].label} count ${formatHoursGrouped(-comparison.costMinutes / 60)} more hours of ${whose}, in ${months}: ${counts}.`;
  return `From ${from} the ${RULE_SETS['2027'].label} judge ${months} of ${whose} differently, for the same total: ${counts}.`;
}
