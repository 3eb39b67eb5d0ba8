import {
  finalFormColumns,
  type FinalFvfFigures,
  type FinalFvfMonth,
  type MonthCounting,
} from '../../../shared/forms/final-fvf';
import type { FvfLogRow } from '../../../shared/forms/fvf-values';
import { minutesToHours } from '../../../shared/logs/time';
import { formSubjects, recordName, subjectOf } from '../../../shared/supervisors/form-subject';
import { traineeToday } from '../../clock';
import type { Db } from '../../db/client';
import { readCountingRows, ruleSetFor } from '../progress';
import * as supervisorsRepo from '../supervisors';
import * as repo from './month-forms.repository';
import { sameMinutes, type FormMinutes } from './month-forms.wire';

// The F-FVF's figures as the logs show them now: the hours that count (decision 013), the
// months that count less and why. Listing and filling are final-forms.service.ts.

export async function countingFor(
  db: Db,
  traineeId: number,
  now: Date,
): Promise<{ logs: FvfLogRow[]; counting: MonthCounting }> {
  const [logs, ruleSet, { parts }, records] = await Promise.all([
    repo.listLiveLogs(db, traineeId),
    ruleSetFor(db, traineeId, now),
    readCountingRows(db, traineeId),
    supervisorsRepo.listForTrainee(db, traineeId),
  ]);
  const subjects = formSubjects(records);
  const formOf = (recordId: number) => {
    const subject = subjectOf(subjects, recordId);
    const first = subject?.records[0];
    return {
      key: subject?.key ?? `r${recordId}`,
      label: subject?.organization || (first ? recordName(first) : ''),
    };
  };
  // Each record's month and type with the date its form was signed (app or paper).
  const signed = parts.flatMap((part) =>
    part.signedOn === null
      ? []
      : [
          {
            formKey: formOf(part.traineeSupervisorId).key,
            month: part.month,
            experienceTypeId: part.experienceTypeId,
            signedOn: part.signedOn,
          },
        ],
  );
  return {
    logs,
    counting: { ruleSet, today: await traineeToday(db, traineeId, now), formOf, signed },
  };
}

/** The fieldwork type a form of these columns reports: 1 or 2, or 3 for a Mixed period. */
export const MIXED_FIELDWORK = 3;
const typeOfColumns = (columns: readonly FinalFvfFigures[]) =>
  columns.length > 1 ? MIXED_FIELDWORK : (columns[0]?.experienceTypeId ?? 1);

function keptOf(columns: readonly FinalFvfFigures[], months: readonly FinalFvfMonth[]) {
  const sum = (pick: (column: FinalFvfFigures) => number) =>
    columns.reduce((total, column) => total + pick(column), 0);
  const counting = months.filter((month) => month.counted.totalMinutes > 0);
  return {
    experienceTypeId: typeOfColumns(columns),
    independentMinutes: sum((column) => column.independentMinutes),
    supervisedMinutes: sum((column) => column.supervisedMinutes),
    totalMinutes: sum((column) => column.totalMinutes),
    observationMinutes: sum((column) => column.observationMinutes),
    monthsCounted: new Set(counting.map((month) => month.month)).size,
  };
}

export type FinalKey = { recordIds: readonly number[]; fromMonth: string; toMonth: string };

export function figuresOf(logs: readonly FvfLogRow[], key: FinalKey, counting: MonthCounting) {
  const { columns, months } = finalFormColumns(logs, key, counting);
  return { columns, months, kept: keptOf(columns, months) };
}

export async function currentFinalFigures(
  ctx: { db: Db; now: Date },
  key: FinalKey & { traineeId: number },
) {
  const { logs, counting } = await countingFor(ctx.db, key.traineeId, ctx.now);
  return figuresOf(logs, key, counting);
}

export function showsFinalFigures(
  form: repo.MonthFormRow,
  now: FormMinutes & { monthsCounted: number },
): boolean {
  return sameMinutes(form, now) && form.monthsCounted === now.monthsCounted;
}

export function adjustmentsOf(months: readonly FinalFvfMonth[]) {
  const byMonth = new Map<string, { logged: number; counted: number; reasons: Set<string> }>();
  for (const month of months) {
    const item = byMonth.get(month.month) ?? { logged: 0, counted: 0, reasons: new Set<string>() };
    item.logged += month.logged.totalMinutes;
    item.counted += month.counted.totalMinutes;
    for (const removal of month.removals) item.reasons.add(removal.reason);
    for (const reason of month.atRisk) item.reasons.add(`at risk: ${reason}`);
    byMonth.set(month.month, item);
  }
  return [...byMonth.entries()]
    .filter(([, item]) => item.counted < item.logged)
    .map(([month, item]) => ({
      month,
      logged_hours: minutesToHours(item.logged),
      counted_hours: minutesToHours(item.counted),
      reasons: [...item.reasons],
    }));
}
