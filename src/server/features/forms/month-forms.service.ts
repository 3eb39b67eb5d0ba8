import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
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
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { findUserById, loadUserView } from '../accounts/accounts.repository';
import { serverToday } from '../logs/logs.service';
import { ruleSetFor } from '../progress/progress.service';
import { assertLinkedTrainee } from '../review/review.service';
import { isUniqueViolation } from '../supervisors/supervisors.service';
import * as supervisorsRepo from '../supervisors/supervisors.repository';
import { templateFor, type TemplatesContext } from './fvf-templates.service';
import * as repo from './month-forms.repository';
import { NO_MINUTES, sameMinutes, toFormFigures, toMonthForm } from './month-forms.wire';
import { loadPdfCode } from './pdf-code';

/*
 * The month's official form (issue 10 "The official form, filled" and "Deadlines"): listed per
 * month, supervisor record and fieldwork type with its deadline, filled by the trainee from the
 * installed template of their edition. Signing is month-forms-signing.service.ts.
 */

export type FormsContext = TemplatesContext & { actor: Actor; now: Date };

const FORM_NOT_FOUND = () => new AppError('NOT_FOUND', 'Form not found');

export const MONTH_FORM_MESSAGES = {
  supervisorNotFound: 'Supervisor not found',
  monthNotOver:
    'This month is not over yet: its form can be filled from the first day of the next month.',
  noHours: (month: string) =>
    `No hours are logged with this supervisor and fieldwork type in ${formatMonthYear(month)}.`,
  profileIncomplete: (missing: readonly string[]) =>
    `Add your ${missing.join(', ')} to your profile before filling a form: the BACB's form asks for ${missing.length === 1 ? 'it' : 'them'}.`,
  complete:
    'This form is signed by both parties and can no longer change. Reopening the month voids it.',
  filledMeanwhile:
    'This form was filled at the same moment by another request: reload and try again.',
} as const;

/** A form the asker may see: their own, or, for a supervisor, one they sign as a linked supervisor. */
export async function loadVisibleForm(
  ctx: { db: Db; actor: Actor; now: Date },
  id: number,
): Promise<repo.MonthFormRecord> {
  const form = await repo.findById(ctx.db, id);
  if (!form) throw FORM_NOT_FOUND();
  if (!ctx.actor.isSupervisor) {
    if (form.traineeId !== ctx.actor.id) throw FORM_NOT_FOUND();
    return form;
  }
  if (form.supervisorUserId !== ctx.actor.id) throw FORM_NOT_FOUND();
  await assertLinkedTrainee(ctx, form.traineeId).catch(() => {
    throw FORM_NOT_FOUND();
  });
  return form;
}

/** The trainee whose forms are listed: the asker, or a supervisor's linked trainee (`u_id`). */
async function listedTrainee(ctx: FormsContext, traineeId: number | undefined): Promise<number> {
  if (!ctx.actor.isSupervisor) {
    if (traineeId !== undefined && traineeId !== ctx.actor.id) {
      throw new AppError('NOT_FOUND', 'Trainee not found');
    }
    return ctx.actor.id;
  }
  if (traineeId === undefined) throw AppError.field('u_id', '⋆Required');
  await assertLinkedTrainee(ctx, traineeId);
  return traineeId;
}

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
    repo.listForTrainee(ctx.db, traineeId),
    supervisorsRepo.listForTrainee(ctx.db, traineeId),
  ]);
  const visible = (supervisorRecordId: number) =>
    !ctx.actor.isSupervisor ||
    records.some(
      (record) => record.id === supervisorRecordId && record.supervisorUserId === ctx.actor.id,
    );
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
  return toMonthForm(ctx.storage, await loadVisibleForm(ctx, ctx.id));
}

/** Where a trainee's form PDFs are kept: a fresh key for every version. */
export function monthFormKey(traineeId: number): string {
  return `forms/${traineeId}/${randomUUID()}.pdf`;
}

/** Stores a PDF under a fresh key; the caller removes it if no row comes to name it. */
export async function putPdf(
  storage: StoragePort,
  traineeId: number,
  bytes: Uint8Array,
): Promise<string> {
  const key = monthFormKey(traineeId);
  await storage.put(key, Readable.from([Buffer.from(bytes)]), { contentType: 'application/pdf' });
  return key;
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

/** The trainee's form fields, or a 400 naming the ones still blank. */
async function traineeIdentity(db: Db, traineeId: number) {
  const user = await findUserById(db, traineeId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  const missing = [
    user.bacbId.trim() === '' ? 'BACB ID' : null,
    user.fieldworkState.trim() === '' ? 'fieldwork state' : null,
    user.fieldworkCountry.trim() === '' ? 'fieldwork country' : null,
  ].filter((item) => item !== null);
  if (missing.length > 0) {
    throw new AppError('INVALID', MONTH_FORM_MESSAGES.profileIncomplete(missing));
  }
  return {
    name: user.name,
    bacbId: user.bacbId,
    fieldworkState: user.fieldworkState,
    fieldworkCountry: user.fieldworkCountry,
  };
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
  const record = await supervisorsRepo.findForTrainee(db, actor.id, input.trainee_supervisor);
  if (!record) throw new AppError('NOT_FOUND', MONTH_FORM_MESSAGES.supervisorNotFound);
  if (input.month >= monthOf(today))
    throw new AppError('CONFLICT', MONTH_FORM_MESSAGES.monthNotOver);
  const key = {
    traineeId: actor.id,
    month: input.month,
    traineeSupervisorId: record.id,
    experienceTypeId: input.expereince_type,
  };
  const figures = await currentFigures(db, key);
  if (!figures) throw new AppError('INVALID', MONTH_FORM_MESSAGES.noHours(input.month));
  const existing = await repo.findLive(db, key);
  if (existing?.completedOn) throw new AppError('CONFLICT', MONTH_FORM_MESSAGES.complete);

  const trainee = await traineeIdentity(db, actor.id);
  const edition = (await ruleSetFor(db, actor.id, ctx.now)).id;
  const template = await templateFor(ctx, edition, input.structure);
  const supervisorAccount = record.supervisorUserId
    ? await loadUserView(db, record.supervisorUserId)
    : undefined;
  const { fillFvfTemplate } = await loadPdfCode();
  const filled = await fillFvfTemplate(await template.load(), {
    figures,
    edition,
    trainee,
    supervisor: {
      name: [record.name, record.lastname].filter(Boolean).join(' '),
      bacbId: supervisorAccount?.supervisor?.bacb_certification_number ?? '',
    },
    organizationName: input.organization_name ?? '',
  });

  const storageKey = await putPdf(ctx.storage, actor.id, filled.bytes);
  try {
    const id = await db.transaction(async (tx) => {
      if (existing && !(await repo.voidIncomplete(tx, existing.id, actor.id, ctx.now))) {
        throw new AppError('CONFLICT', MONTH_FORM_MESSAGES.filledMeanwhile);
      }
      return repo.insert(tx, {
        ...key,
        variantId: filled.variant.id,
        storageKey,
        independentMinutes: figures.independentMinutes,
        supervisedMinutes: figures.supervisedMinutes,
        totalMinutes: figures.totalMinutes,
        observationMinutes: figures.observationMinutes,
        createdAt: ctx.now,
      });
    });
    return await getMonthForm({ ...ctx, id });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', MONTH_FORM_MESSAGES.filledMeanwhile);
    throw error;
  }
}
