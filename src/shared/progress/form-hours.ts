import { NO_MONTH_FIGURES, type MonthTotals } from '../logs/monthly-checks';
import type { RuleSet } from '../logs/rule-sets';
import { formatHours, formatUsDate } from '../logs/time';
import type { ExperienceTypeId } from '../reference/lookups';
import { adjustMonthSplit, type AdjustedMonthSplit, type Removal } from './adjusted-hours';
import { formDeadline, formDeadlineStatus } from './deadline';

/*
 * The hours a monthly verification form verifies (issue 26 part 7; docs/decisions/024-form-hours.md).
 * The BCBA Handbook, "Fieldwork Verification Forms":
 *   "the responsible supervisor and trainee must complete either an Individual Supervision
 *   Monthly Fieldwork Verification Form (M-FVF) or a Multiple Supervisors at One Organization
 *   Monthly Fieldwork Verification Form (M-FVF) (depending on their supervision structure)
 *   every month to document the hours that count for that month. The M-FVF must be signed by
 *   the last date of the calendar month following the month of supervision."
 * and, in "Adjusting and Documenting Fieldwork Hours When Monthly Requirements Are Not Met":
 *   "Monthly Fieldwork Verification Form (M-FVF) is not signed by the last day of the calendar
 *   month following the month of supervision | No hours are eligible for the month."
 * A month can have several forms ("one form per supervisor, per fieldwork type", or one per
 * organization), so a form signed late costs only the hours ON THAT FORM; one unsigned past its
 * deadline (deadline.ts) holds its hours AT RISK until a signed form is recorded.
 */

// 'signed' (on time: counts), 'signed-late' (lost), 'open' (unsigned, deadline today or later:
// counts for now), 'at-risk' (unsigned after the deadline: set apart).
export type FormHoursState = 'signed' | 'signed-late' | 'open' | 'at-risk';

/** A month's figures of one fieldwork type under one form (no cumulative figures). */
export type FormPartTotals = Omit<
  MonthTotals,
  'cumulativeTotalMinutes' | 'cumulativeUnrestrictedMinutes'
>;

/** The hours of a month under one form: who it names, and when it was signed (null: not yet). */
export type FormPart = {
  /** Which form: a supervisor record ('r12') or an organization ('o:acme aba'). */
  key: string;
  /** Whom the form names, as the reasons say it ('Dana Reyes', 'Acme ABA'). */
  label: string;
  totals: FormPartTotals;
  /** Both parties' signing date (app: the later signature; or a paper form); earliest of several. */
  signedOn: string | null;
};

/** A form's state on `today` (dates 'YYYY-MM-DD', month 'YYYY-MM'). */
export function formHoursState(
  month: string,
  signedOn: string | null,
  today: string,
): FormHoursState {
  const { state } = formDeadlineStatus({ month, signedOn, today });
  return state === 'overdue' ? 'at-risk' : state;
}

export function earliestSignature(dates: readonly (string | null | undefined)[]): string | null {
  const signed = dates.filter((date): date is string => typeof date === 'string' && date !== '');
  return signed.length === 0 ? null : [...signed].sort()[0]!;
}

export const NO_PART_TOTALS: Readonly<FormPartTotals> = NO_MONTH_FIGURES;

export function addPartTotals(parts: readonly FormPartTotals[]): FormPartTotals {
  const sum = { ...NO_PART_TOTALS };
  for (const part of parts) {
    for (const key of Object.keys(sum) as (keyof FormPartTotals)[]) sum[key] += part[key];
  }
  return sum;
}

export type FormPartResult = { key: string; label: string; state: FormHoursState; minutes: number };

/** A month of one fieldwork type after its forms and its requirements. */
export type FormHoursMonth = AdjustedMonthSplit & {
  /** Minutes of forms unsigned after the deadline: not counted, not lost yet. */
  atRiskMinutes: number;
  /** Minutes of forms signed late (also a 'form-signed-late' removal each). */
  lostMinutes: number;
  forms: FormPartResult[];
  /** The figures the month's requirements were judged on: the forms that still count. */
  keptTotals: MonthTotals;
};

function hours(minutes: number): string {
  const figure = formatHours(minutes);
  return `${figure} ${figure === '1' ? 'hour' : 'hours'}`;
}

/** Why a form's hours are at risk, in words (the dashboard and the forms page say it). */
export function atRiskReason(
  part: Pick<FormPartResult, 'label' | 'minutes'>,
  month: string,
): string {
  return `no signed monthly form with ${part.label} by ${formatUsDate(formDeadline(month))}: ${hours(part.minutes)} not counted until a signed form is recorded`;
}

/**
 * A month's counted hours, given its hours split by form (BACB-RULES "Forms and deadlines" and
 * "Adjusted hours"); its requirements are then judged by `adjustMonthSplit` on the forms that
 * still count. `cumulative`: the record to the month's end, both types (the unrestricted check).
 * Counted + removals + at risk = `rawMinutes`.
 */
export function adjustMonthByForms(input: {
  month: string;
  today: string;
  type: ExperienceTypeId;
  ruleSet: RuleSet;
  parts: readonly FormPart[];
  cumulative: { totalMinutes: number; unrestrictedMinutes: number };
}): FormHoursMonth {
  const forms: FormPartResult[] = input.parts.map((part) => ({
    key: part.key,
    label: part.label,
    state: formHoursState(input.month, part.signedOn, input.today),
    minutes: Math.max(0, part.totals.totalMinutes),
  }));
  const kept = addPartTotals(
    input.parts
      .filter((_, index) => {
        const state = forms[index]!.state;
        return state === 'signed' || state === 'open';
      })
      .map((part) => part.totals),
  );
  const keptTotals: MonthTotals = {
    ...kept,
    cumulativeTotalMinutes: input.cumulative.totalMinutes,
    cumulativeUnrestrictedMinutes: input.cumulative.unrestrictedMinutes,
  };
  const adjusted = adjustMonthSplit(keptTotals, input.type, input.ruleSet);
  const late: Removal[] = forms
    .filter((form) => form.state === 'signed-late' && form.minutes > 0)
    .map((form) => ({
      rule: 'form-signed-late',
      minutes: form.minutes,
      reason: `monthly verification form with ${form.label} signed late: ${hours(form.minutes)} lost`,
    }));
  const sumOf = (state: FormHoursState) =>
    forms.filter((form) => form.state === state).reduce((sum, form) => sum + form.minutes, 0);
  return {
    rawMinutes: adjusted.rawMinutes + sumOf('signed-late') + sumOf('at-risk'),
    countedMinutes: adjusted.countedMinutes,
    countedSupervisedMinutes: adjusted.countedSupervisedMinutes,
    removals: [...late, ...adjusted.removals],
    atRiskMinutes: sumOf('at-risk'),
    lostMinutes: sumOf('signed-late'),
    forms,
    keptTotals,
  };
}
