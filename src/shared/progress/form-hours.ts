import {
  checkMonth,
  NO_MONTH_FIGURES,
  type MonthlyCheck,
  type MonthTotals,
} from '../logs/monthly-checks';
import { rulesFor, type RuleSet } from '../logs/rule-sets';
import { formatHours, formatMonthYear, formatUsDate } from '../logs/time';
import type { ExperienceTypeId } from '../reference/lookups';
import { isOrganizationKey } from '../supervisors/form-subject';
import { isWaitingCause, type StartCause } from '../contracts/start-causes';
import {
  adjustMonthSplit,
  hoursWord,
  type AdjustedMonthSplit,
  type Removal,
} from './adjusted-hours';
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
  /** The hours that may count (dated within a contract, after the first class). */
  totals: FormPartTotals;
  /** Hours that may not count at all, set apart before any judgement (start-of-fieldwork.ts). */
  outside?: readonly OutsideHours[];
  /** Both parties' signing date (app: the later signature; or a paper form); earliest of several. */
  signedOn: string | null;
};

/** Hours dated where `startCause` says they do not count, with the reason in words. */
export type OutsideHours = { cause: StartCause; minutes: number; reason: string };

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

/** A structure's month of one type: held apart because the structure mixed types that month. */
export type PartState = FormHoursState | 'mixed-types';

/**
 * One structure's month of one fieldwork type, judged on its own: its state, what it keeps, why it
 * keeps less, and its requirements judged on its own figures.
 */
export type FormPartResult = {
  key: string;
  label: string;
  type: ExperienceTypeId;
  state: PartState;
  /** Its logged minutes (`outside` included). */
  minutes: number;
  /** Logged minutes dated where they do not count (before a contract, the first class…). */
  outside: OutsideHours[];
  countedMinutes: number;
  countedSupervisedMinutes: number;
  removals: Removal[];
  /** Its requirements on its own figures (shown even where its state sets them aside). */
  checks: MonthlyCheck[];
  totals: MonthTotals;
};

/** A month of one fieldwork type after its structures' judgements. */
export type FormHoursMonth = AdjustedMonthSplit & {
  /**
   * Minutes not counted, not lost yet: forms unsigned after the deadline, mixed-type months, hours
   * waiting for a supervision contract to be recorded.
   */
  atRiskMinutes: number;
  /** Minutes of forms signed late and hours dated outside a contract (a removal each). */
  lostMinutes: number;
  /** One per structure with hours of this type in the month. */
  forms: FormPartResult[];
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

/** Handbook, "Number of Hours by Fieldwork Type": one type per month, per supervision structure. */
export function mixedTypesReason(part: Pick<FormPartResult, 'label' | 'minutes'>, month: string) {
  return `${formatMonthYear(month)} with ${part.label} mixes supervised and concentrated fieldwork (one fieldwork type per month, per supervision structure): ${hours(part.minutes)} not counted until the logs are corrected`;
}

/** A structure's logged minutes that may count (dated within its contract…). */
export const judgedMinutesOf = (form: Pick<FormPartResult, 'minutes' | 'outside'>) =>
  form.minutes - form.outside.reduce((sum, part) => sum + part.minutes, 0);

/** The parts a month holds apart (not counted, not lost), each with its minutes and reason. */
export function heldParts(month: string, adjusted: Pick<FormHoursMonth, 'forms'>) {
  return adjusted.forms.flatMap((form) => {
    const minutes = judgedMinutesOf(form);
    const own = { label: form.label, minutes };
    const held =
      minutes <= 0
        ? []
        : form.state === 'at-risk'
          ? [{ form, minutes, reason: atRiskReason(own, month) }]
          : form.state === 'mixed-types'
            ? [{ form, minutes, reason: mixedTypesReason(own, month) }]
            : [];
    const waiting = form.outside
      .filter((part) => isWaitingCause(part.cause) && part.minutes > 0)
      .map((part) => ({ form, minutes: part.minutes, reason: part.reason }));
    return [...held, ...waiting];
  });
}

/** A month's hours of one type under one structure (a supervisor record, or an organization). */
export type MonthPart = FormPart & { type: ExperienceTypeId };

const withLabel = (label: string, removal: Removal): Removal => ({
  ...removal,
  reason: `${label}: ${removal.reason}`,
});

/**
 * A month's counted hours, structure by structure (BCBA Handbook, "Multiple Settings and/or
 * Supervisors": trainees "must meet all relevant requirements for each organized fieldwork
 * experience (i.e., for each Monthly Fieldwork Verification Form (M-FVF) ...) for every month of
 * accrual ... the trainee must independently meet the requirements at each site"). Each structure
 * and type is judged by `adjustMonthSplit` on its own figures; the month counts the sum.
 *
 * The minimum and maximum (docs/decisions/031-structures-judged-alone.md): the Handbook lists
 * "Fieldwork hours per supervisory period: Minimum of 20 hours–maximum of 130 hours" among each
 * fieldwork type's monthly requirements, so each structure meets both on its own; and "Accrual of
 * Fieldwork" says "Trainees must accrue no fewer than 20 and no more than 130 hours of fieldwork
 * per calendar month", so what the structures keep together is capped at the maximum too (the
 * stricter of the two readings: a month it counts survives either). The excess comes off
 * independent hours of supervised fieldwork, the structure keeping the most first; concentrated
 * hours "may not be prorated or adjusted", so a concentrated structure goes whole, the smallest
 * first, only when that is not enough.
 *
 * A structure with both types in one month counts neither until corrected ("Hours can only be
 * accrued under one fieldwork type per month, per supervision structure"). `cumulative`: the
 * record to the month's end, both types (the unrestricted check, which removes nothing).
 */
export function adjustMonthByStructures(input: {
  month: string;
  today: string;
  ruleSet: RuleSet;
  parts: readonly MonthPart[];
  cumulative: { totalMinutes: number; unrestrictedMinutes: number };
}): Record<ExperienceTypeId, FormHoursMonth> {
  const typesOf = new Map<string, Set<ExperienceTypeId>>();
  for (const part of input.parts) {
    if (part.totals.totalMinutes <= 0) continue;
    typesOf.set(part.key, (typesOf.get(part.key) ?? new Set()).add(part.type));
  }
  const judged = input.parts.map((part) => judgePart(input, part, typesOf));
  capAcrossStructures(judged, input.ruleSet);
  if (new Set(input.parts.map((part) => part.key)).size > 1) {
    // The form's and the contract's reasons name the structure already.
    const named = new Set(['form-signed-late', 'before-contract', 'after-contract']);
    for (const form of judged) {
      form.removals = form.removals.map((r) => (named.has(r.rule) ? r : withLabel(form.label, r)));
    }
  }
  const monthOfType = (type: ExperienceTypeId): FormHoursMonth => {
    const forms = judged.filter((form) => form.type === type);
    const sum = (pick: (form: FormPartResult) => number) =>
      forms.reduce((total, form) => total + pick(form), 0);
    const sumOf = (...states: PartState[]) =>
      sum((form) => (states.includes(form.state) ? judgedMinutesOf(form) : 0));
    const outsideOf = (waiting: boolean) =>
      sum((form) =>
        form.outside
          .filter((part) => isWaitingCause(part.cause) === waiting)
          .reduce((total, part) => total + part.minutes, 0),
      );
    return {
      rawMinutes: sum((form) => form.minutes),
      countedMinutes: sum((form) => form.countedMinutes),
      countedSupervisedMinutes: sum((form) => form.countedSupervisedMinutes),
      removals: forms.flatMap((form) => form.removals),
      atRiskMinutes: sumOf('at-risk', 'mixed-types') + outsideOf(true),
      lostMinutes: sumOf('signed-late') + outsideOf(false),
      forms,
    };
  };
  return { 1: monthOfType(1), 2: monthOfType(2) };
}

function judgePart(
  input: Parameters<typeof adjustMonthByStructures>[0],
  part: MonthPart,
  typesOf: ReadonlyMap<string, ReadonlySet<ExperienceTypeId>>,
): FormPartResult {
  // Hours dated where they may not count come off first, whole ("Starting Fieldwork").
  const outside = (part.outside ?? []).filter((hours) => hours.minutes > 0);
  const lost: Removal[] = outside.flatMap((hours) =>
    isWaitingCause(hours.cause)
      ? []
      : [{ rule: hours.cause, minutes: hours.minutes, reason: hours.reason }],
  );
  const judgedMinutes = Math.max(0, part.totals.totalMinutes);
  const minutes = judgedMinutes + outside.reduce((sum, hours) => sum + hours.minutes, 0);
  const totals: MonthTotals = {
    ...part.totals,
    cumulativeTotalMinutes: input.cumulative.totalMinutes,
    cumulativeUnrestrictedMinutes: input.cumulative.unrestrictedMinutes,
  };
  const base = { key: part.key, label: part.label, type: part.type, minutes, outside, totals };
  const checks = checkMonth(totals, part.type, input.ruleSet);
  const unjudged = (state: PartState, removals: Removal[] = []): FormPartResult => ({
    ...base,
    state,
    countedMinutes: 0,
    countedSupervisedMinutes: 0,
    removals: [...lost, ...removals],
    checks,
  });
  if ((typesOf.get(part.key)?.size ?? 0) > 1) return unjudged('mixed-types');
  const state = formHoursState(input.month, part.signedOn, input.today);
  if (state === 'at-risk') return unjudged(state);
  if (state === 'signed-late') {
    const reason = `monthly verification form with ${part.label} signed late: ${hours(judgedMinutes)} lost`;
    return unjudged(
      state,
      judgedMinutes > 0 ? [{ rule: 'form-signed-late', minutes: judgedMinutes, reason }] : [],
    );
  }
  // Nothing left to judge: the month's requirements are not failed by hours that never counted.
  if (judgedMinutes === 0 && outside.length > 0) return unjudged(state);
  const adjusted = adjustMonthSplit(totals, part.type, input.ruleSet, {
    groupFrom: isOrganizationKey(part.key) ? null : part.label,
  });
  return {
    ...base,
    state,
    countedMinutes: adjusted.countedMinutes,
    countedSupervisedMinutes: adjusted.countedSupervisedMinutes,
    removals: [...lost, ...adjusted.removals],
    checks,
  };
}

/** The calendar month's cap over what its structures keep (see adjustMonthByStructures). */
function capAcrossStructures(judged: FormPartResult[], ruleSet: RuleSet): void {
  const counting = judged.filter((form) => form.countedMinutes > 0);
  if (new Set(counting.map((form) => form.key)).size < 2) return;
  const max = Math.min(...counting.map((form) => rulesFor(ruleSet, form.type).maxMonthlyHours));
  const total = counting.reduce((sum, form) => sum + form.countedMinutes, 0);
  let excess = total - max * 60;
  if (excess <= 0) return;
  const reason = (cut: number, what: string) =>
    `the month's ${formatHours(total)} hours kept across ${new Set(counting.map((f) => f.key)).size} supervision structures are above the monthly maximum of ${max}: ${hoursWord(cut, what)} removed`;
  const cut = (form: FormPartResult, minutes: number, what: string, supervised: number) => {
    form.countedMinutes -= minutes;
    form.countedSupervisedMinutes -= supervised;
    form.removals.push({ rule: 'above-maximum', minutes, reason: reason(minutes, what) });
    excess -= minutes;
  };
  const independentOf = (form: FormPartResult) =>
    form.countedMinutes - form.countedSupervisedMinutes;
  const byKeptDescending = (a: FormPartResult, b: FormPartResult) =>
    independentOf(b) - independentOf(a) || a.key.localeCompare(b.key);
  for (const form of counting.filter((f) => f.type === 1).sort(byKeptDescending)) {
    if (excess <= 0) return;
    const minutes = Math.min(excess, independentOf(form));
    if (minutes > 0) cut(form, minutes, 'independent ', 0);
  }
  const concentrated = counting
    .filter((form) => form.type === 2)
    .sort((a, b) => a.countedMinutes - b.countedMinutes || a.key.localeCompare(b.key));
  for (const form of concentrated) {
    if (excess <= 0) return;
    cut(form, form.countedMinutes, 'concentrated ', form.countedSupervisedMinutes);
  }
  for (const form of counting.filter((f) => f.type === 1 && f.countedMinutes > 0)) {
    if (excess <= 0) return;
    const minutes = Math.min(excess, form.countedMinutes);
    cut(form, minutes, 'supervised ', minutes);
  }
}

/** One type's month over its forms: `adjustMonthByStructures` for a month of a single type. */
export function adjustMonthByForms(input: {
  month: string;
  today: string;
  type: ExperienceTypeId;
  ruleSet: RuleSet;
  parts: readonly FormPart[];
  cumulative: { totalMinutes: number; unrestrictedMinutes: number };
}): FormHoursMonth {
  const parts = input.parts.map((part) => ({ ...part, type: input.type }));
  return adjustMonthByStructures({ ...input, parts })[input.type];
}
