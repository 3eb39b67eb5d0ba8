import { buildMonthTotals } from '../logs/monthly-checks';
import type { RuleSet } from '../logs/rule-sets';
import type { Removal } from '../progress/adjusted-hours';
import {
  adjustMonthByStructures,
  earliestSignature,
  heldParts,
  type MonthPart,
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
  /** Why the month counts less, as the dashboard says it (this structure's own judgement). */
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

/** A month's logs split by the form that verifies them and type, each with its signing date. */
function formParts(
  logs: readonly FvfLogRow[],
  month: string,
  counting: MonthCounting,
): MonthPart[] {
  type Part = { key: string; type: ExperienceTypeId; label: string; logs: FvfLogRow[] };
  const parts = new Map<string, Part>();
  for (const log of logs) {
    const type = log.experienceTypeId;
    if (!log.dateOfExperience.startsWith(`${month}-`) || (type !== 1 && type !== 2)) continue;
    const form = counting.formOf(log.traineeSupervisorId);
    const part: Part = parts.get(`${type}${form.key}`) ?? {
      key: form.key,
      type,
      label: form.label,
      logs: [],
    };
    part.logs.push(log);
    parts.set(`${type}${form.key}`, part);
  }
  return [...parts.values()].map(({ key, type, ...part }) => {
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
    return { key, type, label: part.label, totals, signedOn };
  });
}

/** The share of `part` left when `whole` minutes became `kept` (rounded down: never more). */
const shareOf = (part: number, kept: number, whole: number) =>
  whole <= 0 ? 0 : Math.floor((part * kept) / whole);

/**
 * The period's months with this supervisor, per type. A month is judged structure by structure
 * (form-hours.ts): this supervisor's structure alone; at an organization, when it counts less,
 * this supervisor's minutes shrink in its proportions. Pass all counting logs (the cumulative
 * checks need earlier months too).
 */
export function finalFvfMonths(
  logs: readonly FvfLogRow[],
  period: FinalFvfPeriod,
  counting: MonthCounting,
): FinalFvfMonth[] {
  const theirs = logs.filter((log) => log.traineeSupervisorId === period.traineeSupervisorId);
  const ownForm = counting.formOf(period.traineeSupervisorId).key;
  const result: FinalFvfMonth[] = [];
  for (const month of monthsBetween(period.fromMonth, period.toMonth)) {
    const figures = monthlyFvfFigures(theirs, month).filter((logged) => logged.totalMinutes > 0);
    if (figures.length === 0) continue;
    const totals = buildMonthTotals(logs, { month, experienceTypeId: 1 });
    const judged = adjustMonthByStructures({
      month,
      today: counting.today,
      ruleSet: counting.ruleSet,
      parts: formParts(logs, month, counting),
      cumulative: {
        totalMinutes: totals.cumulativeTotalMinutes,
        unrestrictedMinutes: totals.cumulativeUnrestrictedMinutes,
      },
    });
    for (const { month: _month, ...logged } of figures) {
      const type = logged.experienceTypeId;
      const own = judged[type].forms.find((form) => form.key === ownForm);
      let counted = logged;
      if (!own || (own.state !== 'signed' && own.state !== 'open')) {
        counted = {
          ...logged,
          independentMinutes: 0,
          supervisedMinutes: 0,
          totalMinutes: 0,
          observationMinutes: 0,
        };
      } else if (own.countedMinutes < own.minutes) {
        const rawSupervised = Math.min(own.totals.supervisedMinutes, own.minutes);
        const supervised = shareOf(
          logged.supervisedMinutes,
          own.countedSupervisedMinutes,
          rawSupervised,
        );
        const independent = shareOf(
          logged.independentMinutes,
          own.countedMinutes - own.countedSupervisedMinutes,
          own.minutes - rawSupervised,
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
        removals: own?.removals ?? [],
        atRisk: heldParts(month, { forms: own ? [own] : [] }).map((held) => held.reason),
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
