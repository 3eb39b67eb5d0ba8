import { AppError } from '../../../shared/errors';
import { formDeadlineStatus } from '../../../shared/forms/deadline';
import { monthlyFvfFigures, type MonthlyFvfFigures } from '../../../shared/forms/fvf-values';
import type {
  MonthForm,
  MonthFormCreateRequest,
  MonthFormRow,
  MonthFormsAnswer,
} from '../../../shared/forms/month-form.schema';
import { formatMonthYear, monthOf } from '../../../shared/logs/time';
import type { Db } from '../../db/client';
import { serverToday } from '../logs/logs.service';
import * as supervisorsRepo from '../supervisors/supervisors.repository';
import * as repo from './month-forms.repository';
import { NO_MINUTES, sameMinutes, toFormFigures, toMonthForm } from './month-forms.wire';
import {
  fillAndKeep,
  listedTrainee,
  loadVisibleForm,
  ownSupervisorRecord,
  recordsVisibleTo,
  type FormsContext,
} from './official-forms.service';

/*
 * The month's official form (issue 10 "The official form, filled" and "Deadlines"): listed per
 * month, supervisor record and fieldwork type with its deadline, filled by the trainee from the
 * installed template of their edition. Signing is month-forms-signing.service.ts.
 */

export const MONTH_FORM_MESSAGES = {
  monthNotOver:
    'This month is not over yet: its form can be filled from the first day of the next month.',
  noHours: (month: string) =>
    `No hours are logged with this supervisor and fieldwork type in ${formatMonthYear(month)}.`,
  complete:
    'This form is signed by both parties and can no longer change. Reopening the month voids it.',
} as const;

type RowKey = { month: string; traineeSupervisorId: number; experienceTypeId: number };
const keyOf = (row: RowKey) => `${row.month}|${row.traineeSupervisorId}|${row.experienceTypeId}`;

/**
 * GET /api/v1/month-forms/: each month × supervisor record × fieldwork type with logged hours
 * (or a live form), newest month first, with its deadline, state and form; the forms due; the
 * voided forms. A supervisor sees the rows of the records linked to them only.
 */
export async function listMonthForms(
  ctx: FormsContext & { traineeId: number | undefined },
): Promise<MonthFormsAnswer> {
  const traineeId = await listedTrainee(ctx, ctx.traineeId);
  const today = serverToday(ctx.now);
  const [logs, forms, records] = await Promise.all([
    repo.listLiveLogs(ctx.db, traineeId),
    repo.listForTrainee(ctx.db, traineeId, 'monthly'),
    supervisorsRepo.listForTrainee(ctx.db, traineeId),
  ]);
  const visible = recordsVisibleTo(ctx.actor, records);
  const names = new Map(
    records.map((record) => [record.id, [record.name, record.lastname].filter(Boolean).join(' ')]),
  );

  const figures = new Map<string, MonthlyFvfFigures>();
  for (const month of new Set(logs.map((log) => monthOf(log.dateOfExperience)))) {
    for (const item of monthlyFvfFigures(logs, month)) figures.set(keyOf(item), item);
  }
  const live = new Map(
    forms.filter((form) => form.voidedAt === null).map((form) => [keyOf(form), form]),
  );
  const keys = new Map<string, RowKey>();
  for (const item of [...figures.values(), ...live.values()]) {
    if (visible(item.traineeSupervisorId)) keys.set(keyOf(item), item);
  }

  const results: MonthFormRow[] = [];
  for (const [key, row] of keys) {
    const form = live.get(key);
    const now = figures.get(key) ?? NO_MINUTES;
    const status = formDeadlineStatus({
      month: row.month,
      signedOn: form?.completedOn ?? null,
      today,
    });
    results.push({
      month: row.month,
      trainee_supervisor: row.traineeSupervisorId,
      supervisor_name: names.get(row.traineeSupervisorId) ?? '',
      expereince_type: row.experienceTypeId,
      figures: toFormFigures(now),
      state: status.state,
      deadline: status.deadline,
      days_remaining: status.daysRemaining,
      is_month_over: row.month < monthOf(today),
      is_outdated: form !== undefined && form.completedOn === null && !sameMinutes(form, now),
      form: form ? await toMonthForm(ctx.storage, form) : null,
    });
  }
  results.sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      a.supervisor_name.localeCompare(b.supervisor_name) ||
      a.trainee_supervisor - b.trainee_supervisor ||
      a.expereince_type - b.expereince_type,
  );
  const formsDue = results
    .filter((row) => row.state === 'open' && row.is_month_over)
    .sort((a, b) => a.deadline.localeCompare(b.deadline));
  const voided = await Promise.all(
    forms
      .filter((form) => form.voidedAt !== null && visible(form.traineeSupervisorId))
      .map((form) => toMonthForm(ctx.storage, form)),
  );
  return { today, results, forms_due: formsDue, voided };
}

/** One form the asker may see. */
export async function getMonthForm(ctx: FormsContext & { id: number }): Promise<MonthForm> {
  return toMonthForm(ctx.storage, await loadVisibleForm(ctx, ctx.id, 'monthly'));
}

/** The month's figures for one supervisor record and type from the live logs, if any. */
export async function currentFigures(
  db: Db,
  key: { traineeId: number; month: string; traineeSupervisorId: number; experienceTypeId: number },
): Promise<MonthlyFvfFigures | undefined> {
  const logs = await repo.listLiveLogs(db, key.traineeId, key.month);
  return monthlyFvfFigures(logs, key.month).find(
    (item) =>
      item.traineeSupervisorId === key.traineeSupervisorId &&
      item.experienceTypeId === key.experienceTypeId,
  );
}

/**
 * POST /api/v1/month-forms/: fills the month's official form for one of the trainee's
 * supervisor records and a fieldwork type, from the template of the trainee's edition and the
 * month's actual hours. A form not yet complete is replaced (voided, kept as history); a
 * complete one is final until the month is reopened.
 */
export async function createMonthForm(
  ctx: FormsContext & { input: MonthFormCreateRequest },
): Promise<MonthForm> {
  const { db, actor, input } = ctx;
  const today = serverToday(ctx.now);
  const record = await ownSupervisorRecord(ctx, input.trainee_supervisor);
  if (input.month >= monthOf(today)) {
    throw new AppError('FORM_MONTH_NOT_OVER', MONTH_FORM_MESSAGES.monthNotOver);
  }
  const key = {
    traineeId: actor.id,
    month: input.month,
    traineeSupervisorId: record.id,
    experienceTypeId: input.expereince_type,
  };
  const figures = await currentFigures(db, key);
  if (!figures) throw new AppError('FORM_NO_HOURS', MONTH_FORM_MESSAGES.noHours(input.month));
  const existing = await repo.findLive(db, key);
  const completeMessage = MONTH_FORM_MESSAGES.complete;
  const id = await fillAndKeep({ ...ctx, record, figures, existing, completeMessage });
  return getMonthForm({ ...ctx, id });
}
