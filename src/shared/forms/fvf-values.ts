import { buildMonthTotals, type MonthLogRow } from '../logs/monthly-checks';
import { rulesFor, type RuleSetId, RULE_SETS } from '../logs/rule-sets';
import { minutesToHours, monthOf } from '../logs/time';
import { formatPercentBesideLimit } from '../progress/beside-limit';
import type { ExperienceTypeId } from '../reference/lookups';

// The forms (BACB-RULES "Forms and deadlines") report ACTUAL hours: ×1.33 is progress's only
// (decision 001). The M-FVF reports the month as logged; the F-FVF only the hours that count
// (final-fvf.ts, decision 013).

/** A stored log as the forms read it: the monthly figures' fields plus its supervisor. */
export type FvfLogRow = MonthLogRow & { traineeSupervisorId: number };

/** What a form reports for one supervisor and one fieldwork type, in whole minutes. */
export type FvfFigures = {
  traineeSupervisorId: number;
  experienceTypeId: ExperienceTypeId;
  independentMinutes: number;
  supervisedMinutes: number;
  /** Independent + supervised. */
  totalMinutes: number;
  /** Observation with a client (the 2027 forms' observation time). */
  observationMinutes: number;
};

export type MonthlyFvfFigures = FvfFigures & { month: string };

const FIELDWORK_TYPES: readonly ExperienceTypeId[] = [1, 2];

/** Minutes are whole on the forms: a fraction (from decimal input) is rounded first. */
const wholeMinutes = (minutes: number) => Math.max(0, Math.round(minutes));

function figuresOf(
  logs: readonly FvfLogRow[],
  month: string,
  traineeSupervisorId: number,
  experienceTypeId: ExperienceTypeId,
): FvfFigures {
  // The same sums as the month's checks, so a form never disagrees with the dashboard.
  const totals = buildMonthTotals(logs, { month, experienceTypeId });
  const supervisedMinutes = wholeMinutes(totals.supervisedMinutes);
  const totalMinutes = Math.max(wholeMinutes(totals.totalMinutes), supervisedMinutes);
  return {
    traineeSupervisorId,
    experienceTypeId,
    independentMinutes: totalMinutes - supervisedMinutes,
    supervisedMinutes,
    totalMinutes,
    observationMinutes: wholeMinutes(totals.observationMinutes),
  };
}

/** The M-FVFs a month needs: one per supervisor and type with logs, by supervisor then type. */
export function monthlyFvfFigures(logs: readonly FvfLogRow[], month: string): MonthlyFvfFigures[] {
  const inMonth = logs.filter((log) => monthOf(log.dateOfExperience) === month);
  const supervisors = [...new Set(inMonth.map((log) => log.traineeSupervisorId))].sort(
    (a, b) => a - b,
  );
  const result: MonthlyFvfFigures[] = [];
  for (const supervisorId of supervisors) {
    const theirs = inMonth.filter((log) => log.traineeSupervisorId === supervisorId);
    for (const type of FIELDWORK_TYPES) {
      if (!theirs.some((log) => log.experienceTypeId === type)) continue;
      result.push({ ...figuresOf(theirs, month, supervisorId, type), month });
    }
  }
  return result;
}

/** A duration as the 2027 forms write it: whole hours and the minutes left over. */
export type HoursAndMinutes = { hours: string; minutes: string };

/** The hour figures of a 2022 form: decimal hours with two decimals. */
export type FvfHours2022 = {
  edition: '2022';
  independentHours: string;
  supervisedHours: string;
  totalFieldwork: string;
  percentSupervised: string;
};

/** The hour figures of a 2027 form: hours and minutes, and the observation time. */
export type FvfHours2027 = {
  edition: '2027';
  independent: HoursAndMinutes;
  supervised: HoursAndMinutes;
  total: HoursAndMinutes;
  observation: HoursAndMinutes;
  percentSupervised: string;
};

export type FvfHoursValues = FvfHours2022 | FvfHours2027;

/** 125 → { hours: '2', minutes: '5' }. */
export function splitHoursAndMinutes(minutes: number): HoursAndMinutes {
  const whole = wholeMinutes(minutes);
  return { hours: String(Math.floor(whole / 60)), minutes: String(whole % 60) };
}

/** Decimal hours to two decimals, e.g. 10 minutes → '0.17' (within 0.3 minutes of the truth). */
export function formatFormHours(minutes: number): string {
  return minutesToHours(wholeMinutes(minutes)).toFixed(2);
}

/**
 * Percent supervised to one decimal, more only where one decimal would put a failing month on its
 * minimum (BACB-RULES; src/shared/progress/beside-limit.ts). On minutes, as the monthly check.
 */
export function formatPercentSupervised(
  figures: Pick<FvfFigures, 'supervisedMinutes' | 'totalMinutes' | 'experienceTypeId'>,
  edition: RuleSetId,
): string {
  const { supervisedMinutes, totalMinutes } = figures;
  const percent = totalMinutes === 0 ? 0 : (supervisedMinutes * 100) / totalMinutes;
  const minimum = rulesFor(RULE_SETS[edition], figures.experienceTypeId).minSupervisionPercent;
  return formatPercentBesideLimit(percent, { value: minimum, bound: 'min' });
}

/** A form's hour figures; the 2022 total is the sum of the figures as written, so it adds up. */
export function fvfHoursValues(figures: FvfFigures, edition: RuleSetId): FvfHoursValues {
  const percentSupervised = formatPercentSupervised(figures, edition);
  if (edition === '2022') {
    const independentHours = formatFormHours(figures.independentMinutes);
    const supervisedHours = formatFormHours(figures.supervisedMinutes);
    const totalFieldwork = (Number(independentHours) + Number(supervisedHours)).toFixed(2);
    return { edition, independentHours, supervisedHours, totalFieldwork, percentSupervised };
  }
  return {
    edition,
    independent: splitHoursAndMinutes(figures.independentMinutes),
    supervised: splitHoursAndMinutes(figures.supervisedMinutes),
    total: splitHoursAndMinutes(figures.independentMinutes + figures.supervisedMinutes),
    observation: splitHoursAndMinutes(figures.observationMinutes),
    percentSupervised,
  };
}

/** The month field of a form: '2026-03' → { month: '03', year: '2026', monthYear: '03/2026' }. */
export function formMonthValues(month: string): { month: string; year: string; monthYear: string } {
  const year = month.slice(0, 4);
  const index = month.slice(5, 7);
  return { month: index, year, monthYear: `${index}/${year}` };
}
