import { buildMonthTotals } from '../logs/monthly-checks';
import type { RuleSet } from '../logs/rule-sets';
import type { Removal } from '../progress/adjusted-hours';
import {
  adjustMonthByForms,
  atRiskReason,
  earliestSignature,
  type FormPart,
} from '../progress/form-hours';
import type { ExperienceTypeId } from '../reference/lookups';
import { nextMonth } from '../progress/deadline';
import { monthlyFvfFigures, type FvfFigures, type FvfLogRow } from './fvf-values';

/*
 * The F-FVF's figures: one supervisor's hours of one type over a period. Decision 013: it is the
 * one form sent with the application, so it reports the hours that COUNT, each month as adjusted
 * hours judges it, never ×1.33.
 */

/** The supervision period of an F-FVF: whole months, both ends included ('YYYY-MM'). */
export type FinalFvfPeriod = { traineeSupervisorId: number; fromMonth: string; toMonth: string };

/** A monthly form signed (in the app, or on paper): which form, month and type, and when. */
export type SignedForm = {
  formKey: string;
  month: string;
  experienceTypeId: number;
  signedOn: string;
};

/** How months are judged (form-hours.ts): standards, day, each record's form, the forms signed. */
export type MonthCounting = {
  ruleSet: RuleSet;
  today: string;
  formOf: (traineeSupervisorId: number) => { key: string; label: string };
  signed: readonly SignedForm[];
};

/** One month of the period, with one supervisor and one type: as logged and as it counts. */
export type FinalFvfMonth = {
  month: string;
  experienceTypeId: ExperienceTypeId;
  logged: FvfFigures;
  counted: FvfFigures;
  /** Why the month counts less, as the dashboard says it (the month's, all supervisors). */
  removals: Removal[];
  /** Why hours of the month are at risk (forms unsigned after the deadline), if any. */
  atRisk: string[];
};

/** One F-FVF's figures: the counted hours of the period; `months` counts the months that count. */
export type FinalFvfFigures = FvfFigures & { fromMonth: string; toMonth: string; months: number };

export function monthsBetween(fromMonth: string, toMonth: string): string[] {
  const months: string[] = [];
  for (let month = fromMonth; month <= toMonth; month = nextMonth(month)) months.push(month);
  return months;
}

/** A month and type's logs split by the form that verifies them, each with its signing date. */
function formParts(
  logs: readonly FvfLogRow[],
  month: string,
  type: ExperienceTypeId,
  counting: MonthCounting,
): FormPart[] {
  const parts = new Map<string, { label: string; logs: FvfLogRow[] }>();
  for (const log of logs) {
    if (log.experienceTypeId !== type || !log.dateOfExperience.startsWith(`${month}-`)) continue;
    const form = counting.formOf(log.traineeSupervisorId);
    const part = parts.get(form.key) ?? { label: form.label, logs: [] };
    part.logs.push(log);
    parts.set(form.key, part);
  }
  return [...parts.entries()].map(([key, part]) => {
    const {
      cumulativeTotalMinutes: _total,
      cumulativeUnrestrictedMinutes: _unrestricted,
      ...totals
    } = buildMonthTotals(part.logs, { month, experienceTypeId: type });
    const signedOn = earliestSignature(
      counting.signed
        .filter(
          (form) => form.formKey === key && form.month === month && form.experienceTypeId === type,
        )
        .map((form) => form.signedOn),
    );
    return { key, label: part.label, totals, signedOn };
  });
}

function keptSupervisedMinutes(
  logs: readonly FvfLogRow[],
  month: string,
  type: ExperienceTypeId,
  counting: MonthCounting,
  forms: readonly { key: string; state: string }[],
): number {
  const kept = new Set(
    forms.filter((form) => form.state === 'signed' || form.state === 'open').map((f) => f.key),
  );
  return formParts(logs, month, type, counting)
    .filter((part) => kept.has(part.key))
    .reduce((sum, part) => sum + part.totals.supervisedMinutes, 0);
}

/** The share of `part` left when `whole` minutes became `kept` (rounded down: never more). */
const shareOf = (part: number, kept: number, whole: number) =>
  whole <= 0 ? 0 : Math.floor((part * kept) / whole);

/**
 * The period's months with this supervisor, per type. A month is judged as a whole (all its logs
 * of the type, as the monthly checks are); when it counts less, this supervisor's minutes shrink
 * in its proportions. Pass all counting logs (the cumulative checks need earlier months too).
 */
export function finalFvfMonths(
  logs: readonly FvfLogRow[],
  period: FinalFvfPeriod,
  counting: MonthCounting,
): FinalFvfMonth[] {
  const theirs = logs.filter((log) => log.traineeSupervisorId === period.traineeSupervisorId);
  const result: FinalFvfMonth[] = [];
  for (const month of monthsBetween(period.fromMonth, period.toMonth)) {
    for (const { month: _month, ...logged } of monthlyFvfFigures(theirs, month)) {
      if (logged.totalMinutes === 0) continue;
      const type = logged.experienceTypeId;
      const totals = buildMonthTotals(logs, { month, experienceTypeId: type });
      const ownForm = counting.formOf(period.traineeSupervisorId).key;
      const adjusted = adjustMonthByForms({
        month,
        today: counting.today,
        type,
        ruleSet: counting.ruleSet,
        parts: formParts(logs, month, type, counting),
        cumulative: {
          totalMinutes: totals.cumulativeTotalMinutes,
          unrestrictedMinutes: totals.cumulativeUnrestrictedMinutes,
        },
      });
      const own = adjusted.forms.find((form) => form.key === ownForm);
      // What still counts is judged on the forms that count; a form lost or at risk counts none.
      const keptRaw = adjusted.rawMinutes - adjusted.lostMinutes - adjusted.atRiskMinutes;
      let counted = logged;
      if (own && own.state !== 'signed' && own.state !== 'open') {
        counted = {
          ...logged,
          independentMinutes: 0,
          supervisedMinutes: 0,
          totalMinutes: 0,
          observationMinutes: 0,
        };
      } else if (adjusted.countedMinutes < keptRaw) {
        const keptSupervised = keptSupervisedMinutes(logs, month, type, counting, adjusted.forms);
        const rawSupervised = Math.min(keptSupervised, keptRaw);
        const supervised = shareOf(
          logged.supervisedMinutes,
          adjusted.countedSupervisedMinutes,
          rawSupervised,
        );
        const independent = shareOf(
          logged.independentMinutes,
          adjusted.countedMinutes - adjusted.countedSupervisedMinutes,
          keptRaw - rawSupervised,
        );
        counted = {
          ...logged,
          independentMinutes: independent,
          supervisedMinutes: supervised,
          totalMinutes: independent + supervised,
          observationMinutes: independent + supervised > 0 ? logged.observationMinutes : 0,
        };
      }
      result.push({
        month,
        experienceTypeId: type,
        logged,
        counted,
        removals: adjusted.removals,
        atRisk: adjusted.forms
          .filter((form) => form.state === 'at-risk')
          .map((form) => atRiskReason(form, month)),
      });
    }
  }
  return result;
}

/** One type's F-FVF figures from `finalFvfMonths`: counted minutes, and the months that count. */
export function addUpFinalFvfMonths(
  months: readonly FinalFvfMonth[],
  period: FinalFvfPeriod,
  type: ExperienceTypeId,
): FinalFvfFigures {
  const sum: FinalFvfFigures = {
    traineeSupervisorId: period.traineeSupervisorId,
    experienceTypeId: type,
    independentMinutes: 0,
    supervisedMinutes: 0,
    totalMinutes: 0,
    observationMinutes: 0,
    fromMonth: period.fromMonth,
    toMonth: period.toMonth,
    months: 0,
  };
  for (const { counted } of months.filter((month) => month.experienceTypeId === type)) {
    sum.independentMinutes += counted.independentMinutes;
    sum.supervisedMinutes += counted.supervisedMinutes;
    sum.totalMinutes += counted.totalMinutes;
    sum.observationMinutes += counted.observationMinutes;
    if (counted.totalMinutes > 0) sum.months += 1;
  }
  return sum;
}

/** One supervisor's F-FVF figures per type logged in the period (one may count nothing: refused). */
export function finalFvfFigures(
  logs: readonly FvfLogRow[],
  period: FinalFvfPeriod,
  counting: MonthCounting,
): FinalFvfFigures[] {
  const months = finalFvfMonths(logs, period, counting);
  const types = [...new Set(months.map((month) => month.experienceTypeId))].sort((a, b) => a - b);
  return types.map((type) => addUpFinalFvfMonths(months, period, type));
}

/** The supervisor records one F-FVF covers (one, or every record at one organization). */
export type FinalFormSubject = { recordIds: readonly number[]; fromMonth: string; toMonth: string };

/**
 * The columns of one F-FVF: per type logged with the subject's supervisors in the period, counted
 * minutes and counting months (a month counts once, whichever supervisor); two columns are Mixed.
 */
export function finalFormColumns(
  logs: readonly FvfLogRow[],
  subject: FinalFormSubject,
  counting: MonthCounting,
): { columns: FinalFvfFigures[]; months: FinalFvfMonth[] } {
  const [first = 0] = subject.recordIds;
  const period = {
    traineeSupervisorId: first,
    fromMonth: subject.fromMonth,
    toMonth: subject.toMonth,
  };
  const months = subject.recordIds.flatMap((traineeSupervisorId) =>
    finalFvfMonths(logs, { ...period, traineeSupervisorId }, counting),
  );
  const types = [...new Set(months.map((month) => month.experienceTypeId))].sort((a, b) => a - b);
  const columns = types.map((type) => {
    const sum = addUpFinalFvfMonths(months, period, type);
    const counted = months.filter((m) => m.experienceTypeId === type && m.counted.totalMinutes > 0);
    return { ...sum, months: new Set(counted.map((m) => m.month)).size };
  });
  return { columns, months };
}
