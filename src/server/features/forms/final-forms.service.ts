import { AppError } from '../../../shared/errors';
import {
  addUpFinalFvfMonths,
  finalFvfMonths,
  type FinalFvfFigures,
  type FinalFvfPeriod,
  type MonthCounting,
} from '../../../shared/forms/final-fvf';
import type {
  FinalForm,
  FinalFormCreateRequest,
  FinalFormRow,
  FinalFormsAnswer,
} from '../../../shared/forms/final-form.schema';
import type { FvfLogRow } from '../../../shared/forms/fvf-values';
import type { ExperienceTypeId } from '../../../shared/reference/lookups';
import {
  addDays,
  formatMonthYear,
  minutesToHours,
  monthOf,
  monthStart,
} from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import { serverToday } from '../logs/logs.service';
import { ruleSetFor } from '../progress/progress.service';
import * as supervisorsRepo from '../supervisors/supervisors.repository';
import * as repo from './month-forms.repository';
import { sameMinutes, toFinalForm, toFormFigures } from './month-forms.wire';
import {
  fillAndKeep,
  listedTrainee,
  loadVisibleForm,
  ownSupervisorRecord,
  recordsVisibleTo,
  type FormsContext,
} from './official-forms.service';

/*
 * The final fieldwork verification form (issue 10; decision 013): one F-FVF per supervisor record
 * and fieldwork type over a supervision period the trainee picks (whole months that are over),
 * filled with the hours that count, then signed by both parties as the M-FVF is
 * (form-signing.service.ts) and kept as a final form among the record files.
 */

export const FINAL_FORM_FILL_MESSAGES = {
  periodNotOver:
    'The last month of this period is not over yet: a final form can include it from the first day of the next month.',
  noHours: (from: string, to: string) =>
    `No hours with this supervisor and fieldwork type count from ${formatMonthYear(from)} to ${formatMonthYear(to)}.`,
  complete:
    'This final form is signed by both parties and can no longer change. Reopening a month of its period voids it.',
} as const;

/** The trainee's logs and how their months count: what every F-FVF figure is built from. */
async function countingFor(
  db: Db,
  traineeId: number,
  now: Date,
): Promise<{ logs: FvfLogRow[]; counting: MonthCounting }> {
  const [logs, ruleSet, completions] = await Promise.all([
    repo.listLiveLogs(db, traineeId),
    ruleSetFor(db, traineeId, now),
    repo.listCompletions(db, traineeId),
  ]);
  return { logs, counting: { ruleSet, completions } };
}

const isFieldworkType = (id: number): id is ExperienceTypeId => id === 1 || id === 2;

/** What a period's hours that count add up to now, for one supervisor record and type. */
export async function currentFinalFigures(
  ctx: { db: Db; now: Date },
  key: { traineeId: number; experienceTypeId: number } & FinalFvfPeriod,
): Promise<FinalFvfFigures> {
  const { logs, counting } = await countingFor(ctx.db, key.traineeId, ctx.now);
  const type = isFieldworkType(key.experienceTypeId) ? key.experienceTypeId : 1;
  return addUpFinalFvfMonths(finalFvfMonths(logs, key, counting), key, type);
}

/** True while a live F-FVF shows what its period's hours that count add up to. */
export function showsFinalFigures(form: repo.MonthFormRow, now: FinalFvfFigures): boolean {
  return sameMinutes(form, now) && form.monthsCounted === now.months;
}

/** The last month that is over on `today`. */
const lastMonthOver = (today: string) => monthOf(addDays(monthStart(today), -1));

/**
 * GET /api/v1/final-forms/: each supervisor record × fieldwork type with hours (or a live form),
 * with its period (the live form's, else its first month with hours to its last one that is
 * over), what that period counts now and why months count less, and the voided forms. A
 * supervisor sees the rows of the records linked to them only.
 */
export async function listFinalForms(
  ctx: FormsContext & { traineeId: number | undefined },
): Promise<FinalFormsAnswer> {
  const traineeId = await listedTrainee(ctx, ctx.traineeId);
  const today = serverToday(ctx.now);
  const lastOver = lastMonthOver(today);
  const [{ logs, counting }, forms, records] = await Promise.all([
    countingFor(ctx.db, traineeId, ctx.now),
    repo.listForTrainee(ctx.db, traineeId, 'final'),
    supervisorsRepo.listForTrainee(ctx.db, traineeId),
  ]);
  const visible = recordsVisibleTo(ctx.actor, records);
  const keyOf = (recordId: number, type: number) => `${recordId}|${type}`;

  const monthsLogged = new Map<string, string[]>();
  for (const log of logs) {
    const key = keyOf(log.traineeSupervisorId, log.experienceTypeId);
    monthsLogged.set(key, [...(monthsLogged.get(key) ?? []), monthOf(log.dateOfExperience)]);
  }
  const live = new Map(
    forms
      .filter((form) => form.voidedAt === null)
      .map((form) => [keyOf(form.traineeSupervisorId, form.experienceTypeId), form]),
  );
  const keys = new Map<string, { recordId: number; type: number }>();
  for (const log of logs) {
    keys.set(keyOf(log.traineeSupervisorId, log.experienceTypeId), {
      recordId: log.traineeSupervisorId,
      type: log.experienceTypeId,
    });
  }
  for (const form of live.values()) {
    keys.set(keyOf(form.traineeSupervisorId, form.experienceTypeId), {
      recordId: form.traineeSupervisorId,
      type: form.experienceTypeId,
    });
  }

  const results: FinalFormRow[] = [];
  for (const [key, { recordId, type }] of keys) {
    if (!visible(recordId) || !isFieldworkType(type)) continue;
    const form = live.get(key);
    const logged = [...(monthsLogged.get(key) ?? [])].sort();
    const firstMonth = logged[0] ?? form?.fromMonth ?? form?.month ?? lastOver;
    const lastMonth = logged.filter((month) => month <= lastOver).pop() ?? null;
    const period: FinalFvfPeriod = {
      traineeSupervisorId: recordId,
      fromMonth: form?.fromMonth ?? firstMonth,
      toMonth: form?.month ?? lastMonth ?? firstMonth,
    };
    const months = finalFvfMonths(logs, period, counting);
    const figures = addUpFinalFvfMonths(months, period, type);
    const record = records.find((item) => item.id === recordId);
    results.push({
      trainee_supervisor: recordId,
      supervisor_name: [record?.name, record?.lastname].filter(Boolean).join(' '),
      expereince_type: type,
      first_month: firstMonth,
      last_month: lastMonth,
      from_month: period.fromMonth,
      to_month: period.toMonth,
      figures: toFormFigures(figures),
      months: figures.months,
      adjustments: months
        .filter((month) => month.experienceTypeId === type)
        .filter((month) => month.counted.totalMinutes < month.logged.totalMinutes)
        .map((month) => ({
          month: month.month,
          logged_hours: minutesToHours(month.logged.totalMinutes),
          counted_hours: minutesToHours(month.counted.totalMinutes),
          reasons: month.removals.map((removal) => removal.reason),
        })),
      is_period_over: lastMonth !== null,
      is_outdated:
        form !== undefined && form.completedOn === null && !showsFinalFigures(form, figures),
      form: form ? await toFinalForm(ctx.storage, form) : null,
    });
  }
  results.sort(
    (a, b) =>
      a.supervisor_name.localeCompare(b.supervisor_name) ||
      a.trainee_supervisor - b.trainee_supervisor ||
      a.expereince_type - b.expereince_type,
  );
  const voided = await Promise.all(
    forms
      .filter((form) => form.voidedAt !== null && visible(form.traineeSupervisorId))
      .map((form) => toFinalForm(ctx.storage, form)),
  );
  return { today, results, voided };
}

/** One F-FVF the asker may see. */
export async function getFinalForm(ctx: FormsContext & { id: number }): Promise<FinalForm> {
  return toFinalForm(ctx.storage, await loadVisibleForm(ctx, ctx.id, 'final'));
}

/**
 * POST /api/v1/final-forms/: fills the F-FVF for one of the trainee's supervisor records, a
 * fieldwork type and a period of months that are over, with the hours that count, from the
 * template of the trainee's edition. A live form not yet complete is replaced (voided, kept as
 * history); a complete one is final.
 */
export async function createFinalForm(
  ctx: FormsContext & { input: FinalFormCreateRequest },
): Promise<FinalForm> {
  const { db, actor, input } = ctx;
  const record = await ownSupervisorRecord(ctx, input.trainee_supervisor);
  if (input.to_month > lastMonthOver(serverToday(ctx.now))) {
    throw new AppError('FORM_MONTH_NOT_OVER', FINAL_FORM_FILL_MESSAGES.periodNotOver);
  }
  const figures = await currentFinalFigures(ctx, {
    traineeId: actor.id,
    traineeSupervisorId: record.id,
    experienceTypeId: input.expereince_type,
    fromMonth: input.from_month,
    toMonth: input.to_month,
  });
  if (figures.totalMinutes === 0) {
    throw new AppError(
      'FORM_NO_HOURS',
      FINAL_FORM_FILL_MESSAGES.noHours(input.from_month, input.to_month),
    );
  }
  const existing = await repo.findLive(db, {
    traineeSupervisorId: record.id,
    experienceTypeId: input.expereince_type,
  });
  const completeMessage = FINAL_FORM_FILL_MESSAGES.complete;
  const id = await fillAndKeep({ ...ctx, record, figures, existing, completeMessage });
  return getFinalForm({ ...ctx, id });
}
