import {
  adjustMonthByForms,
  type FormHoursMonth,
  type FormPart,
} from '../../../shared/progress/form-hours';
import type { RuleSet } from '../../../shared/logs/rule-sets';
import type { Db } from '../../db/client';
import * as repo from './progress.repository';

/*
 * A trainee's record as the counting rules read it: the month rows and the same logs split by
 * the form that verifies them, and each month and type after its forms and the shortfall rules.
 * The dashboard, the plan, the at-risk list, the forms and the standards switch all start here.
 */

export type MonthTypeRow = repo.MonthRow;

const isExperienceType = (id: number): id is 1 | 2 => id === 1 || id === 2;

/** An organization's name as records are compared (case and spacing do not matter). */
const organizationKey = (organization: string) =>
  organization.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A month and type's hours split by the form that verifies them (decision 024): one part per
 * supervisor record of its own, one per organization (its records' hours added up), each with
 * the date its form was signed (the earliest of the records', which share it).
 */
function formPartsOf(parts: readonly repo.FormPartRow[], month: string, type: number): FormPart[] {
  const result = new Map<string, FormPart>();
  for (const row of parts) {
    if (row.month !== month || row.experienceTypeId !== type) continue;
    const org = organizationKey(row.organization);
    const key = org === '' ? `r${row.traineeSupervisorId}` : `o:${org}`;
    const totals = {
      totalMinutes: row.experienceMinutes,
      supervisedMinutes: row.supervisedMinutes,
      individualMinutes: row.individualMinutes,
      groupMinutes: row.groupMinutes,
      unrestrictedMinutes: row.unrestrictedMinutes,
      contacts: row.contacts,
      observations: row.observations,
      observationMinutes: row.observationMinutes,
    };
    const existing = result.get(key);
    if (!existing) {
      result.set(key, {
        key,
        label: org === '' ? row.supervisorName : row.organization,
        totals,
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
  return [...result.values()];
}

/** A month and fieldwork type's sums, with what the BACB would count of them. */
export type AdjustedMonthRow = { row: MonthTypeRow; adjusted: FormHoursMonth };

/** The month rows, and the same logs split by the form that verifies them. */
export type CountingRows = { rows: readonly MonthTypeRow[]; parts: readonly repo.FormPartRow[] };

/** The month rows and their form parts, read together (what `adjustMonthRows` takes). */
export async function readCountingRows(
  db: Db,
  traineeId: number,
): Promise<CountingRows & { revision: string | null }> {
  // The rows and their revision first, the parts after: parts newer than the revision can only
  // make a kept value recomputed sooner, never a stale one kept under a newer revision.
  const { rows, revision } = await repo.sumLogsByMonthAndType(db, traineeId);
  const parts = await repo.sumLogsByForm(db, traineeId);
  return { rows, parts, revision };
}

/**
 * Each month and fieldwork type of the record, oldest first, with the hours that count after
 * its forms and the shortfall rules (BACB-RULES "Forms and deadlines", "Adjusted hours";
 * shared/progress/form-hours.ts): the one reading of adjusted hours the dashboard, the plan and
 * the at-risk list share. `today` decides which unsigned forms are past their deadline.
 */
export function adjustMonthRows(
  counting: CountingRows,
  ruleSet: RuleSet,
  today: string,
): AdjustedMonthRow[] {
  const { rows, parts } = counting;
  const cumulative = { experienceMinutes: 0, unrestrictedMinutes: 0 };
  const sorted = [...rows].sort(
    (a, b) => a.month.localeCompare(b.month) || a.experienceTypeId - b.experienceTypeId,
  );
  const result: AdjustedMonthRow[] = [];
  for (const [index, row] of sorted.entries()) {
    // The cumulative sums run to the end of the month, across both types.
    if (index === 0 || sorted[index - 1]!.month !== row.month) {
      for (const sameMonth of sorted.filter((other) => other.month === row.month)) {
        cumulative.experienceMinutes += sameMonth.experienceMinutes;
        cumulative.unrestrictedMinutes += sameMonth.unrestrictedMinutes;
      }
    }
    if (!isExperienceType(row.experienceTypeId)) continue;
    result.push({
      row,
      adjusted: adjustMonthByForms({
        month: row.month,
        today,
        type: row.experienceTypeId,
        ruleSet,
        parts: formPartsOf(parts, row.month, row.experienceTypeId),
        cumulative: {
          totalMinutes: cumulative.experienceMinutes,
          unrestrictedMinutes: cumulative.unrestrictedMinutes,
        },
      }),
    });
  }
  return result;
}
