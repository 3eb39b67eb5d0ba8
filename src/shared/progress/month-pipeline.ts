import type { RuleSet } from '../logs/rule-sets';
import { isOrganizationKey, subjectKey } from '../supervisors/form-subject';
import { START_CAUSES, type StartCause } from '../contracts/start-causes';
import { startDatesOf, startReason, type StartFacts } from '../contracts/start-of-fieldwork';
import {
  adjustMonthByStructures,
  type FormHoursMonth,
  type MonthPart,
  type OutsideHours,
} from './form-hours';

// A trainee's record as the counting rules read it, and the one pipeline that judges it: month
// rows → their forms → the shortfall rules (BACB-RULES "Forms and deadlines", "Adjusted hours").
// Every screen reads adjusted hours through `adjustMonthRows`; the server only loads the rows.

/** Minutes and counts over a set of logs, summed by the database (never by loading the logs). */
export type MinuteTotals = {
  experienceMinutes: number;
  independentMinutes: number;
  supervisedMinutes: number;
  individualMinutes: number;
  groupMinutes: number;
  unrestrictedMinutes: number;
  restrictedMinutes: number;
  contacts: number;
  observations: number;
  observationMinutes: number;
  logs: number;
};

export type MonthTypeRow = MinuteTotals & {
  month: string;
  experienceTypeId: number;
  approvedMinutes: number;
};

/** A month and fieldwork type's sums under one supervisor record, with its form's signing date. */
export type FormPartRow = MinuteTotals & {
  month: string;
  experienceTypeId: number;
  traineeSupervisorId: number;
  supervisorName: string;
  organization: string;
  /** When the form covering it was signed (app or paper, earliest); null when none is. */
  signedOn: string | null;
  /** Why these logs may not count at all (start-of-fieldwork.ts); null or absent: they may. */
  startCause?: StartCause | null;
};

export type CountingRows = {
  rows: readonly MonthTypeRow[];
  parts: readonly FormPartRow[];
  /** The contracts and first class the parts' `startCause` was read against (their reasons' dates). */
  start?: StartFacts;
};

/** A month and fieldwork type's sums, with what the BACB would count of them. */
export type AdjustedMonthRow = { row: MonthTypeRow; adjusted: FormHoursMonth };

const isExperienceType = (id: number): id is 1 | 2 => id === 1 || id === 2;

/**
 * A month's hours split by structure and type (decision 024): one part per form subject, an
 * organization's records added up, each with its form's (earliest, shared) signing date.
 */
function formPartsOf(
  parts: readonly FormPartRow[],
  month: string,
  start: StartFacts | undefined,
): MonthPart[] {
  const result = new Map<string, MonthPart>();
  const outsideOf = new Map<string, Map<StartCause, number>>();
  for (const row of parts) {
    const type = row.experienceTypeId;
    if (row.month !== month || !isExperienceType(type)) continue;
    const key = subjectKey({ id: row.traineeSupervisorId, organization: row.organization });
    if (row.startCause) {
      const causes = outsideOf.get(`${type}${key}`) ?? new Map<StartCause, number>();
      causes.set(row.startCause, (causes.get(row.startCause) ?? 0) + row.experienceMinutes);
      outsideOf.set(`${type}${key}`, causes);
    }
    const totals = row.startCause
      ? NO_TOTALS
      : {
          totalMinutes: row.experienceMinutes,
          supervisedMinutes: row.supervisedMinutes,
          individualMinutes: row.individualMinutes,
          groupMinutes: row.groupMinutes,
          unrestrictedMinutes: row.unrestrictedMinutes,
          contacts: row.contacts,
          observations: row.observations,
          observationMinutes: row.observationMinutes,
        };
    const existing = result.get(`${type}${key}`);
    if (!existing) {
      const label = isOrganizationKey(key) ? row.organization : row.supervisorName;
      result.set(`${type}${key}`, {
        key,
        label,
        type,
        totals: { ...totals },
        signedOn: row.signedOn,
      });
      continue;
    }
    for (const name of Object.keys(totals) as (keyof typeof totals)[]) {
      existing.totals[name] += totals[name];
    }
    if (row.signedOn !== null && (existing.signedOn === null || row.signedOn < existing.signedOn))
      existing.signedOn = row.signedOn;
  }
  for (const [id, part] of result) {
    const causes = outsideOf.get(id);
    if (!causes) continue;
    const dates = start
      ? startDatesOf(part.key, start)
      : { startsOn: null, endedOn: null, firstClassOn: null };
    // In the rules' order (START_CAUSES), whatever order the database gave.
    const ordered = [...causes].sort(
      ([a], [b]) => START_CAUSES.indexOf(a) - START_CAUSES.indexOf(b),
    );
    part.outside = ordered.map(([cause, minutes]): OutsideHours => ({
      cause,
      minutes,
      reason: startReason(cause, minutes, part.label, dates),
    }));
  }
  return [...result.values()];
}

const NO_TOTALS = {
  totalMinutes: 0,
  supervisedMinutes: 0,
  individualMinutes: 0,
  groupMinutes: 0,
  unrestrictedMinutes: 0,
  contacts: 0,
  observations: 0,
  observationMinutes: 0,
};

/** Each record month and type, oldest first, judged structure by structure (form-hours.ts). */
export function adjustMonthRows(
  counting: CountingRows,
  ruleSet: RuleSet,
  today: string,
): AdjustedMonthRow[] {
  const { rows, parts, start } = counting;
  const cumulative = { experienceMinutes: 0, unrestrictedMinutes: 0 };
  const sorted = [...rows].sort(
    (a, b) => a.month.localeCompare(b.month) || a.experienceTypeId - b.experienceTypeId,
  );
  const result: AdjustedMonthRow[] = [];
  let judged: ReturnType<typeof adjustMonthByStructures> | undefined;
  for (const [index, row] of sorted.entries()) {
    // The cumulative sums run to the end of the month, across both types.
    if (index === 0 || sorted[index - 1]!.month !== row.month) {
      for (const sameMonth of sorted.filter((other) => other.month === row.month)) {
        cumulative.experienceMinutes += sameMonth.experienceMinutes;
        cumulative.unrestrictedMinutes += sameMonth.unrestrictedMinutes;
      }
      judged = adjustMonthByStructures({
        month: row.month,
        today,
        ruleSet,
        parts: formPartsOf(parts, row.month, start),
        cumulative: {
          totalMinutes: cumulative.experienceMinutes,
          unrestrictedMinutes: cumulative.unrestrictedMinutes,
        },
      });
    }
    if (!isExperienceType(row.experienceTypeId)) continue;
    result.push({ row, adjusted: judged![row.experienceTypeId] });
  }
  return result;
}
