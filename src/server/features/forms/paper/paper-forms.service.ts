import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Mailer } from '../../../adapters/mail/mailer';
import { AppError, fieldErrorsOf } from '../../../../shared/errors';
import {
  PAPER_FORM_MESSAGES,
  PaperFormFieldsSchema,
  paperSigningDateError,
  type PaperForm,
  type PaperFormFields,
} from '../../../../shared/forms/paper-form.schema';
import { paperFormStatusText } from '../../../../shared/forms/paper-form-status';
import { formatMonthYear } from '../../../../shared/logs/time';
import { isSignedLate } from '../../../../shared/progress/deadline';
import type { Db } from '../../../db/client';
import { paperForms, recordFiles, traineeSupervisors, users } from '../../../db/schema';
import { findUserById } from '../../accounts';
import {
  deletePaperFormFile,
  recordFileUrl,
  recordPaperFormFile,
  type StoredFile,
} from '../../files';
import { todayOf } from '../../../clock';
import { assertLinkedTrainee, isUniqueViolation } from '../../supervisors';
import { paperFormToConfirmMail } from '../forms-emails';
import { recordName } from '../../../../shared/supervisors/form-subject';
import {
  listedTrainee,
  ownSupervisorRecord,
  subjectOfRecord,
  type FormsContext,
} from '../form-access';

// Monthly forms signed on paper (issue 26 part 7, decision 024): the scan is the trainee's record
// file of the month, and the form counts as signed on its date (progress' `formSignedOn`), shown
// as declared until the supervisor it names confirms it, not at all once they reject it
// (paper-form-answers.service.ts, issue 36).

type Context = FormsContext;

const NOT_FOUND = () => new AppError('NOT_FOUND', PAPER_FORM_MESSAGES.notFound);

/** Neither removed by the trainee nor voided by a reopened month: it signs its row. */
const isLive = and(isNull(paperForms.deletedAt), isNull(paperForms.voidedAt));

export type PaperFormRecord = typeof paperForms.$inferSelect & {
  name: string;
  lastname: string;
  organization: string;
  supervisorUserId: number | null;
  fileName: string | null;
  answeredBy: string | null;
};

const answerers = alias(users, 'answerer');

function selectPaperForms(db: Db) {
  return db
    .select({
      form: paperForms,
      name: traineeSupervisors.name,
      lastname: traineeSupervisors.lastname,
      organization: traineeSupervisors.organization,
      supervisorUserId: traineeSupervisors.supervisorUserId,
      fileName: recordFiles.fileName,
      answeredBy: answerers.name,
    })
    .from(paperForms)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, paperForms.traineeSupervisorId))
    .leftJoin(recordFiles, eq(recordFiles.id, paperForms.recordFileId))
    .leftJoin(
      answerers,
      eq(answerers.id, sql`coalesce(${paperForms.confirmedBy}, ${paperForms.rejectedBy})`),
    );
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPaperForms>['execute']>>[number];
const toRecord = (row: Selected): PaperFormRecord => ({
  ...row.form,
  name: row.name,
  lastname: row.lastname,
  organization: row.organization,
  supervisorUserId: row.supervisorUserId,
  fileName: row.fileName,
  answeredBy: row.answeredBy,
});

export function toPaperForm(form: PaperFormRecord): PaperForm {
  const answeredAt = form.confirmedAt ?? form.rejectedAt;
  return {
    id: form.id,
    user: form.traineeId,
    month: form.month,
    trainee_supervisor: form.traineeSupervisorId,
    supervisor_name: recordName(form),
    organization: form.organization.trim(),
    expereince_type: form.experienceTypeId,
    signed_on: form.signedOn,
    is_late: isSignedLate(form.month, form.signedOn),
    record_file: form.recordFileId,
    file_name: form.fileName ?? '',
    document: `/api/v1/month-forms/paper/${form.id}/download/`,
    created_at: form.createdAt.toISOString(),
    deleted_at: form.deletedAt ? form.deletedAt.toISOString() : null,
    voided_at: form.voidedAt ? form.voidedAt.toISOString() : null,
    confirmation: form.confirmedAt ? 'confirmed' : form.rejectedAt ? 'rejected' : 'declared',
    declared_by: form.declaredBy,
    answered_at: answeredAt ? answeredAt.toISOString() : null,
    answered_by: answeredAt ? form.answeredBy : null,
    rejection_reason: form.rejectionReason,
  };
}

export async function loadVisible(ctx: Context, id: number): Promise<PaperFormRecord> {
  const [row] = await selectPaperForms(ctx.db).where(eq(paperForms.id, id)).limit(1);
  if (!row) throw NOT_FOUND();
  const form = toRecord(row);
  if (!ctx.actor.isSupervisor) {
    if (form.traineeId !== ctx.actor.id) throw NOT_FOUND();
    return form;
  }
  if (form.supervisorUserId !== ctx.actor.id) throw NOT_FOUND();
  await assertLinkedTrainee(ctx, form.traineeId).catch(() => {
    throw NOT_FOUND();
  });
  return form;
}

/** The fields checked together (all failures as field errors), and the signing date's rules. */
function parseFields(fields: Record<string, unknown>, hasFile: boolean, today: string) {
  const parsed = PaperFormFieldsSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (!hasFile) errors.document = [PAPER_FORM_MESSAGES.noFile];
  if (parsed.success) {
    const values = parsed.data as PaperFormFields;
    const dateError = paperSigningDateError(values.month, values.signed_on, today);
    if (dateError) errors.signed_on = [dateError];
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION', 'Invalid paper form', errors);
  }
  return parsed.data as PaperFormFields;
}

/** The file is already stored; the caller removes it if this fails, so a refusal leaves nothing. */
export async function createPaperForm(
  ctx: Context & {
    fields: Record<string, unknown>;
    file: StoredFile | undefined;
    mailer: Mailer;
    appUrl: string;
  },
): Promise<PaperForm> {
  const today = todayOf(ctx.actor, ctx.now);
  const values = parseFields(ctx.fields, ctx.file !== undefined, today);
  const file = ctx.file!;
  const record = await ownSupervisorRecord(ctx, values.trainee_supervisor);
  const subject = await subjectOfRecord(ctx.db, ctx.actor.id, record.id);
  const live = await ctx.db
    .select({ id: paperForms.id })
    .from(paperForms)
    .where(
      and(
        inArray(
          paperForms.traineeSupervisorId,
          subject.records.map((item) => item.id),
        ),
        eq(paperForms.month, values.month),
        eq(paperForms.experienceTypeId, values.expereince_type),
        isLive,
      ),
    )
    .limit(1);
  if (live.length > 0) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.alreadyRecorded);
  const who = subject.organization || recordName(record);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const recordFileId = await recordPaperFormFile(tx, {
        traineeId: ctx.actor.id,
        traineeSupervisorId: record.id,
        month: values.month,
        title: `M-FVF ${formatMonthYear(values.month)} (${who}), signed on paper ${values.signed_on}`,
        notes: 'Signed on paper; recorded with its signing date.',
        file,
      });
      const [row] = await tx
        .insert(paperForms)
        .values({
          traineeId: ctx.actor.id,
          traineeSupervisorId: record.id,
          month: values.month,
          experienceTypeId: values.expereince_type,
          signedOn: values.signed_on,
          recordFileId,
          declaredBy: ctx.actor.id,
          createdAt: ctx.now,
        })
        .returning({ id: paperForms.id });
      if (!row) throw new Error('paper form insert returned nothing');
      await askToConfirm(tx, ctx, { record, month: values.month, signedOn: values.signed_on });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.alreadyRecorded);
    throw error;
  }
  return toPaperForm(await loadVisible(ctx, id));
}

/** Only a linked account still supervising is asked; queued in the form's transaction. */
async function askToConfirm(
  db: Db,
  ctx: Context & { mailer: Mailer; appUrl: string },
  form: {
    record: { supervisorUserId: number | null; accessEndedAt: Date | null };
    month: string;
    signedOn: string;
  },
) {
  const { supervisorUserId } = form.record;
  if (supervisorUserId === null || form.record.accessEndedAt !== null) return;
  const supervisor = await findUserById(db, supervisorUserId);
  if (!supervisor?.isVerified) return;
  await ctx.mailer.send(
    db,
    paperFormToConfirmMail({
      to: supervisor.email,
      name: supervisor.name,
      traineeName: ctx.actor.name,
      month: form.month,
      signedOn: form.signedOn,
      link: `${ctx.appUrl}/supervisor/trainees/${ctx.actor.id}`,
    }),
  );
}

export async function listPaperForms(
  ctx: Context & { traineeId: number | undefined },
): Promise<PaperForm[]> {
  const traineeId = await listedTrainee(ctx, ctx.traineeId);
  const rows = await selectPaperForms(ctx.db)
    .where(
      and(
        eq(paperForms.traineeId, traineeId),
        ctx.actor.isSupervisor ? eq(traineeSupervisors.supervisorUserId, ctx.actor.id) : undefined,
      ),
    )
    .orderBy(desc(paperForms.month), desc(paperForms.id));
  return rows.map((row) => toPaperForm(toRecord(row)));
}

/** For the record export, in the app's words: an unconfirmed form reads as declared (issue 36). */
export async function paperFormsOfRecord(
  db: Db,
  traineeId: number,
): Promise<(PaperForm & { status: string })[]> {
  const rows = await selectPaperForms(db)
    .where(eq(paperForms.traineeId, traineeId))
    .orderBy(paperForms.id);
  return rows.map((row) => {
    const form = toPaperForm(toRecord(row));
    return { ...form, status: paperFormStatusText(form) };
  });
}

export async function livePaperForms(db: Db, traineeId: number): Promise<PaperForm[]> {
  const rows = await selectPaperForms(db).where(and(eq(paperForms.traineeId, traineeId), isLive));
  return rows.map((row) => toPaperForm(toRecord(row)));
}

export async function paperFormDownloadUrl(ctx: Context & { id: number }): Promise<string> {
  const form = await loadVisible(ctx, ctx.id);
  if (form.deletedAt !== null || form.recordFileId === null) throw NOT_FOUND();
  const url = await recordFileUrl(ctx.db, ctx.storage, form.recordFileId);
  if (!url) throw NOT_FOUND();
  return url;
}

/** The row stays as history; its scan leaves the files (restorable there). */
export async function deletePaperForm(ctx: Context & { id: number }): Promise<void> {
  const form = await loadVisible(ctx, ctx.id);
  if (form.traineeId !== ctx.actor.id || form.deletedAt !== null) throw NOT_FOUND();
  if (form.voidedAt !== null) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.voided);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paperForms)
      .set({ deletedAt: ctx.now, deletedBy: ctx.actor.id })
      .where(and(eq(paperForms.id, form.id), isLive));
    if (form.recordFileId !== null) {
      await deletePaperFormFile(tx, {
        traineeId: ctx.actor.id,
        recordFileId: form.recordFileId,
        now: ctx.now,
      });
    }
  });
}
