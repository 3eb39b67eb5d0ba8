import { AppError } from '../../../shared/errors';
import {
  finalFormColumns,
  type FinalFvfFigures,
  type FinalFvfMonth,
  type MonthCounting,
} from '../../../shared/forms/final-fvf';
import type {
  FinalForm,
  FinalFormCreateRequest,
  FinalFormRow,
  FinalFormsAnswer,
} from '../../../shared/forms/final-form.schema';
import type { FvfLogRow } from '../../../shared/forms/fvf-values';
import { addDays, minutesToHours, monthOf, monthStart } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import { todayOf, traineeToday } from '../../clock';
import { readCountingRows, ruleSetFor } from '../progress';
import * as supervisorsRepo from '../supervisors';
import { formSubjects, recordName, subjectOf } from '../../../shared/supervisors/form-subject';
import * as repo from './month-forms.repository';
import { sameMinutes, toFinalForm, toFormFigures, type FormMinutes } from './month-forms.wire';
import {
  listedTrainee,
  loadVisibleForm,
  findLiveOfSubject,
  ownSupervisorRecord,
  recordsVisibleTo,
  subjectOfRecord,
  type FormsContext,
} from './form-access';
import { fillAndKeep } from './form-filling.service';
import { FORMS_MESSAGES } from './forms.messages';

// The F-FVF (issues 10, 26; decision 013): one per supervisor, or per organization listing every
// supervisor there, over whole months that are over; signed by the responsible supervisor alone.

async function countingFor(
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

export async function currentFinalFigures(
  ctx: { db: Db; now: Date },
  key: { traineeId: number; recordIds: readonly number[]; fromMonth: string; toMonth: string },
) {
  const { logs, counting } = await countingFor(ctx.db, key.traineeId, ctx.now);
  const { columns, months } = finalFormColumns(logs, key, counting);
  return { columns, months, kept: keptOf(columns, months) };
}

export function showsFinalFigures(
  form: repo.MonthFormRow,
  now: FormMinutes & { monthsCounted: number },
): boolean {
  return sameMinutes(form, now) && form.monthsCounted === now.monthsCounted;
}

const lastMonthOver = (today: string) => monthOf(addDays(monthStart(today), -1));

/** A subject's period: the live form's, else its first month with hours to its last one over. */
export async function listFinalForms(
  ctx: FormsContext & { traineeId: number | undefined },
): Promise<FinalFormsAnswer> {
  const traineeId = await listedTrainee(ctx, ctx.traineeId);
  const today = await traineeToday(ctx.db, traineeId, ctx.now, ctx.actor);
  const lastOver = lastMonthOver(today);
  const [{ logs, counting }, forms, records] = await Promise.all([
    countingFor(ctx.db, traineeId, ctx.now),
    repo.listForTrainee(ctx.db, traineeId, 'final'),
    supervisorsRepo.listForTrainee(ctx.db, traineeId),
  ]);
  const visible = recordsVisibleTo(ctx.actor, records);
  const subjects = formSubjects(records);
  const live = new Map<string, repo.MonthFormRecord>();
  for (const form of forms.filter((item) => item.voidedAt === null)) {
    const subject = subjectOf(subjects, form.traineeSupervisorId);
    if (subject) live.set(subject.key, form);
  }

  const results: FinalFormRow[] = [];
  for (const subject of subjects) {
    const ids = subject.records.map((record) => record.id);
    const theirs = logs.filter((log) => ids.includes(log.traineeSupervisorId));
    const form = live.get(subject.key);
    if (theirs.length === 0 && !form) continue;
    const logged = [...new Set(theirs.map((log) => monthOf(log.dateOfExperience)))].sort();
    // The responsible supervisor: the live form's, else the one with the most logs.
    const responsible =
      form?.traineeSupervisorId ??
      busiest(
        theirs.map((log) => log.traineeSupervisorId),
        ids,
      );
    if (!visible(responsible)) continue;
    const firstMonth = logged[0] ?? form?.fromMonth ?? form?.month ?? lastOver;
    const lastMonth = logged.filter((month) => month <= lastOver).pop() ?? null;
    const period = {
      recordIds: ids,
      fromMonth: form?.fromMonth ?? firstMonth,
      toMonth: form?.month ?? lastMonth ?? firstMonth,
    };
    const { columns, months } = finalFormColumns(logs, period, counting);
    const kept = keptOf(columns, months);
    const record = records.find((item) => item.id === responsible);
    results.push({
      trainee_supervisor: responsible,
      supervisor_name: record ? recordName(record) : '',
      organization: subject.organization,
      expereince_type: kept.experienceTypeId,
      first_month: firstMonth,
      last_month: lastMonth,
      from_month: period.fromMonth,
      to_month: period.toMonth,
      figures: toFormFigures(kept),
      months: kept.monthsCounted,
      adjustments: adjustmentsOf(months),
      is_period_over: lastMonth !== null,
      is_outdated:
        form !== undefined && form.completedOn === null && !showsFinalFigures(form, kept),
      form: form ? await toFinalForm(ctx.storage, form) : null,
    });
  }
  results.sort(
    (a, b) =>
      a.supervisor_name.localeCompare(b.supervisor_name) ||
      a.trainee_supervisor - b.trainee_supervisor,
  );
  const voided = await Promise.all(
    forms
      .filter((form) => form.voidedAt !== null && visible(form.traineeSupervisorId))
      .map((form) => toFinalForm(ctx.storage, form)),
  );
  return { today, results, voided };
}

function busiest(named: readonly number[], ids: readonly number[]): number {
  const counts = ids.map((id) => [id, named.filter((item) => item === id).length] as const);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ids[0] ?? 0;
}

function adjustmentsOf(months: readonly FinalFvfMonth[]) {
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

export async function getFinalForm(ctx: FormsContext & { id: number }): Promise<FinalForm> {
  return toFinalForm(ctx.storage, await loadVisibleForm(ctx, ctx.id, 'final', 'read'));
}

export async function createFinalForm(
  ctx: FormsContext & { input: FinalFormCreateRequest },
): Promise<FinalForm> {
  const { db, actor, input } = ctx;
  const record = await ownSupervisorRecord(ctx, input.trainee_supervisor);
  if (input.to_month > lastMonthOver(todayOf(ctx.actor, ctx.now))) {
    throw new AppError('FORM_MONTH_NOT_OVER', FORMS_MESSAGES.final.periodNotOver);
  }
  const subject = await subjectOfRecord(db, actor.id, record.id);
  const period = { fromMonth: input.from_month, toMonth: input.to_month };
  const now = await currentFinalFigures(ctx, {
    traineeId: actor.id,
    recordIds: subject.records.map((item) => item.id),
    ...period,
  });
  if (now.kept.totalMinutes === 0) {
    throw new AppError(
      'FORM_NO_HOURS',
      FORMS_MESSAGES.final.noHours(input.from_month, input.to_month),
    );
  }
  const withHours = new Set(
    now.months
      .filter((month) => month.logged.totalMinutes > 0)
      .map((month) => month.logged.traineeSupervisorId),
  );
  const id = await fillAndKeep({
    ...ctx,
    record,
    subject,
    listed: subject.records.filter((item) => withHours.has(item.id)),
    figures: { period, columns: now.columns },
    kept: now.kept,
    isProrated: input.prorated ?? false,
    existing: await findLiveOfSubject(
      db,
      subject,
      [1, 2, MIXED_FIELDWORK].map((experienceTypeId) => ({ experienceTypeId })),
    ),
    completeMessage: FORMS_MESSAGES.final.complete,
  });
  return getFinalForm({ ...ctx, id });
}
