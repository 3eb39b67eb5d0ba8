import { AppError } from '../../../shared/errors';
import type { FormParty } from '../../../shared/forms/attestations';
import { completedOn } from '../../../shared/forms/deadline';
import type { MonthForm, MonthFormSignRequest } from '../../../shared/forms/month-form.schema';
import { formatMonthYear } from '../../../shared/logs/time';
import type { StoredFile } from '../files/files.upload';
import { recordCompletedForm, storeCompletedForm } from '../files/files.service';
import { FORM_MESSAGES } from './forms.errors';
import { readObject } from './fvf-templates.service';
import { loadPdfCode } from './pdf-code';
import * as repo from './month-forms.repository';
import {
  currentFigures,
  getMonthForm,
  loadVisibleForm,
  putPdf,
  type FormsContext,
} from './month-forms.service';
import { formFileName, NO_MINUTES, sameMinutes } from './month-forms.wire';

/*
 * Signing the month's form in the app (issue 10 "Signing"; decision 012): the trainee signs
 * their own form, the linked supervisor the forms of their record. After the second signature
 * the flattened PDF is kept as the month's M-FVF record file and the completion date recorded,
 * which is what the deadline (and so adjusted hours) is judged on.
 */

export const SIGNING_MESSAGES = {
  voided: 'This form was voided when its month was reopened: fill a new one.',
  outdated:
    'The logs of this month changed after the form was filled, so it no longer shows them. Fill the form again, then sign.',
  changedMeanwhile: 'This form changed while you were signing it: open it again and sign.',
} as const;

/** Whether a party's signature is on the row. */
function hasSigned(form: repo.MonthFormRow, party: FormParty): boolean {
  return party === 'trainee' ? form.traineeSignedAt !== null : form.supervisorSignedAt !== null;
}

/**
 * POST /api/v1/month-forms/{id}/sign/: signs the form as the asker's party. A party signs once
 * (409), a complete form never changes (409), a voided or outdated form cannot be signed (409).
 */
export async function signMonthForm(
  ctx: FormsContext & { id: number; signature: MonthFormSignRequest },
): Promise<MonthForm> {
  const form = await loadVisibleForm(ctx, ctx.id);
  const party: FormParty = ctx.actor.isSupervisor ? 'supervisor' : 'trainee';
  if (form.voidedAt) throw new AppError('CONFLICT', SIGNING_MESSAGES.voided);
  if (form.completedOn) throw new AppError('CONFLICT', FORM_MESSAGES.complete);
  if (hasSigned(form, party)) throw new AppError('CONFLICT', FORM_MESSAGES.alreadySigned(party));
  const now = (await currentFigures(ctx.db, form)) ?? NO_MINUTES;
  if (!sameMinutes(form, now)) throw new AppError('CONFLICT', SIGNING_MESSAGES.outdated);

  const { signFvf } = await loadPdfCode();
  const signed = await signFvf(await readObject(ctx.storage, form.storageKey), {
    party,
    fullName: ctx.signature.full_name,
    at: ctx.now,
    timeZone: ctx.signature.time_zone,
  });
  const signedAt = ctx.now;
  const names =
    party === 'trainee'
      ? {
          traineeSignedAt: signedAt,
          traineeSignedName: ctx.signature.full_name,
          traineeSignedOn: signed.signedOn,
        }
      : {
          supervisorSignedAt: signedAt,
          supervisorSignedName: ctx.signature.full_name,
          supervisorSignedOn: signed.signedOn,
          supervisorSignedBy: ctx.actor.id,
        };
  const completed = completedOn(
    names.traineeSignedOn ?? form.traineeSignedOn,
    names.supervisorSignedOn ?? form.supervisorSignedOn,
  );

  const storageKey = await putPdf(ctx.storage, form.traineeId, signed.bytes);
  let record: StoredFile | undefined;
  try {
    if (signed.isComplete) {
      record = await storeCompletedForm({
        storage: ctx.storage,
        traineeId: form.traineeId,
        bytes: signed.bytes,
        fileName: formFileName(form),
      });
    }
    await ctx.db.transaction(async (tx) => {
      const recordFileId = record
        ? await recordCompletedForm(tx, {
            traineeId: form.traineeId,
            traineeSupervisorId: form.traineeSupervisorId,
            month: form.month,
            title: `M-FVF ${formatMonthYear(form.month)} (${form.supervisorName})`,
            file: record,
          })
        : null;
      const isRecorded = await repo.recordSignature(tx, form.id, form.storageKey, {
        ...names,
        completedOn: completed,
        recordFileId,
        storageKey,
        updatedAt: ctx.now,
      });
      if (!isRecorded) throw new AppError('CONFLICT', SIGNING_MESSAGES.changedMeanwhile);
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    if (record) await ctx.storage.delete(record.key).catch(() => undefined);
    throw error;
  }
  // The version before this signature is superseded (a form keeps its last PDF; a voided
  // form keeps the one it had).
  await ctx.storage.delete(form.storageKey).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'could not remove a superseded form PDF');
  });
  return getMonthForm(ctx);
}
