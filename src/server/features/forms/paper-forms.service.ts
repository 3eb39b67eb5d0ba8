import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, fieldErrorsOf } from '../../../shared/errors';
import {
  PAPER_FORM_MESSAGES,
  PaperFormFieldsSchema,
  paperSigningDateError,
  type PaperForm,
  type PaperFormFields,
} from '../../../shared/forms/paper-form.schema';
import { formatMonthYear } from '../../../shared/logs/time';
import { isSignedLate } from '../../../shared/progress/deadline';
import type { Db } from '../../db/client';
import { paperForms, recordFiles, traineeSupervisors } from '../../db/schema';
import { deletePaperFormFile, recordFileUrl, recordPaperFormFile, type StoredFile } from '../files';
import { todayOf } from '../../clock';
import { assertLinkedTrainee, isUniqueViolation } from '../supervisors';
import { recordName } from './form-subjects';
import {
  listedTrainee,
  ownSupervisorRecord,
  subjectOfRecord,
  type FormsContext,
} from './official-forms.service';

/*
 * Monthly forms signed on paper (issue 26 part 7, decision 024): the trainee records one with
 * its signing date and the scan, which is kept as their record file of the month (the files
 * feature's upload, checks and quota). It counts as that form signed on that date
 * (progress' `formSignedOn`). The trainee and the supervisor the form names may list and
 * download it; anyone else gets 404. Removing one keeps it as history.
 */

type Context = FormsContext;

const NOT_FOUND = () => new AppError('NOT_FOUND', PAPER_FORM_MESSAGES.notFound);

type PaperFormRecord = typeof paperForms.$inferSelect & {
  name: string;
  lastname: string;
  organization: string;
  supervisorUserId: number | null;
  fileName: string | null;
};

function selectPaperForms(db: Db) {
  return db
    .select({
      form: paperForms,
      name: traineeSupervisors.name,
      lastname: traineeSupervisors.lastname,
      organization: traineeSupervisors.organization,
      supervisorUserId: traineeSupervisors.supervisorUserId,
      fileName: recordFiles.fileName,
    })
    .from(paperForms)
    .innerJoin(traineeSupervisors, eq(traineeSupervisors.id, paperForms.traineeSupervisorId))
    .leftJoin(recordFiles, eq(recordFiles.id, paperForms.recordFileId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPaperForms>['execute']>>[number];
const toRecord = (row: Selected): PaperFormRecord => ({
  ...row.form,
  name: row.name,
  lastname: row.lastname,
  organization: row.organization,
  supervisorUserId: row.supervisorUserId,
  fileName: row.fileName,
});

function toPaperForm(form: PaperFormRecord): PaperForm {
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
  };
}

/** A paper form the asker may read: their own, or one naming them while they see the trainee. */
async function loadVisible(ctx: Context, id: number): Promise<PaperFormRecord> {
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

/**
 * POST /api/v1/month-forms/paper/: records a form signed on paper. The file is already stored
 * (under a key no row names yet); the caller removes it if this fails, so a refused upload
 * leaves nothing, and no row is written.
 */
export async function createPaperForm(
  ctx: Context & { fields: Record<string, unknown>; file: StoredFile | undefined },
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
        isNull(paperForms.deletedAt),
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
          createdAt: ctx.now,
        })
        .returning({ id: paperForms.id });
      if (!row) throw new Error('paper form insert returned nothing');
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.alreadyRecorded);
    throw error;
  }
  return toPaperForm(await loadVisible(ctx, id));
}

/**
 * GET /api/v1/month-forms/paper/: the trainee's paper forms (live and removed, newest month
 * first); a supervisor (`u_id`, a linked trainee) sees those naming them.
 */
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

/** The live paper forms of a trainee (the forms page shows them on their rows). */
export async function livePaperForms(db: Db, traineeId: number): Promise<PaperForm[]> {
  const rows = await selectPaperForms(db).where(
    and(eq(paperForms.traineeId, traineeId), isNull(paperForms.deletedAt)),
  );
  return rows.map((row) => toPaperForm(toRecord(row)));
}

/** GET /api/v1/month-forms/paper/{id}/download/: a short-lived link to the scan. */
export async function paperFormDownloadUrl(ctx: Context & { id: number }): Promise<string> {
  const form = await loadVisible(ctx, ctx.id);
  if (form.deletedAt !== null || form.recordFileId === null) throw NOT_FOUND();
  const url = await recordFileUrl(ctx.db, ctx.storage, form.recordFileId);
  if (!url) throw NOT_FOUND();
  return url;
}

/**
 * DELETE /api/v1/month-forms/paper/{id}/: the trainee removes a paper form entered wrongly. The
 * row stays (deleted_at, deleted_by) as history, its scan leaves the files (restorable there),
 * and the form's hours are read again as if it had never been recorded.
 */
export async function deletePaperForm(ctx: Context & { id: number }): Promise<void> {
  const form = await loadVisible(ctx, ctx.id);
  if (form.traineeId !== ctx.actor.id || form.deletedAt !== null) throw NOT_FOUND();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paperForms)
      .set({ deletedAt: ctx.now, deletedBy: ctx.actor.id })
      .where(and(eq(paperForms.id, form.id), isNull(paperForms.deletedAt)));
    if (form.recordFileId !== null) {
      await deletePaperFormFile(tx, {
        traineeId: ctx.actor.id,
        recordFileId: form.recordFileId,
        now: ctx.now,
      });
    }
  });
}
