import { AppError } from '../../../shared/errors';
import type { FormParty } from '../../../shared/forms/attestations';
import { completedOn } from '../../../shared/progress/deadline';
import type { FinalForm } from '../../../shared/forms/final-form.schema';
import { notReviewedMessage } from '../../../shared/forms/form-review';
import type { MonthForm, MonthFormSignRequest } from '../../../shared/forms/month-form.schema';
import { formatMonthYear } from '../../../shared/logs/time';
import { EXPERIENCE_TYPES } from '../../../shared/reference/lookups';
import type { Db } from '../../db/client';
import { type StoredFile, recordCompletedForm, storeCompletedForm } from '../files';
import { listLiveSignoffs, listStructureLogs, signOffMonth, type StructureMonth } from '../logs';
import { FORM_MESSAGES, loadFvfEngine } from './fvf';
import { readObjectIfPresent } from './templates/templates.service';
import { currentFinalFigures, showsFinalFigures } from './final-form-figures';
import { getFinalForm } from './final-forms.service';
import * as repo from './month-forms.repository';
import { currentFigures, getMonthForm } from './month-forms.service';
import { formFileName, NO_MINUTES, sameMinutes } from './month-forms.wire';
import { loadVisibleForm, subjectOfRecord, type FormsContext } from './form-access';
import { putPdf } from './form-filling.service';
import { FORMS_MESSAGES } from './forms.messages';

// Signing in the app (issue 10 "Signing"; decisions 012, 013); the F-FVF has no place for the
// trainee's signature (issue 26). The completion date is what the M-FVF's deadline (and so
// adjusted hours) is judged on; the supervisor's M-FVF signature signs the month off (issue 36).

function hasSigned(form: repo.MonthFormRow, party: FormParty): boolean {
  return party === 'trainee' ? form.traineeSignedAt !== null : form.supervisorSignedAt !== null;
}

/** Whether the form still shows what the logs of its supervisor (or organization) add up to. */
async function showsTheLogs(ctx: FormsContext, form: repo.MonthFormRecord): Promise<boolean> {
  const subject = await subjectOfRecord(ctx.db, form.traineeId, form.traineeSupervisorId);
  const recordIds = subject.records.map((record) => record.id);
  if (form.kind === 'monthly') {
    const now = await currentFigures(ctx.db, { ...form, recordIds });
    return sameMinutes(form, now ?? NO_MINUTES);
  }
  const now = await currentFinalFigures(ctx, {
    traineeId: form.traineeId,
    recordIds,
    fromMonth: form.fromMonth ?? form.month,
    toMonth: form.month,
  });
  return showsFinalFigures(form, now.kept);
}

function recordOf(form: repo.MonthFormRecord) {
  if (form.kind === 'monthly') {
    return {
      month: form.month,
      title: `M-FVF ${formatMonthYear(form.month)} (${form.supervisorName})`,
      description: null,
    };
  }
  const period = `${formatMonthYear(form.fromMonth ?? form.month)} – ${formatMonthYear(form.month)}`;
  const months = form.monthsCounted === 1 ? '1 month' : `${form.monthsCounted ?? 0} months`;
  return {
    month: null,
    title: `F-FVF ${period} (${form.supervisorName})`,
    description: `${EXPERIENCE_TYPES.find((type) => type.id === form.experienceTypeId)?.name ?? 'Fieldwork'} with ${form.supervisorName}, ${period}: the hours of ${months} that count.`,
  };
}

async function signForm(
  ctx: FormsContext & { id: number; kind: repo.FormKind; signature: MonthFormSignRequest },
): Promise<void> {
  const form = await loadVisibleForm(ctx, ctx.id, ctx.kind);
  const party: FormParty = ctx.actor.isSupervisor ? 'supervisor' : 'trainee';
  if (form.voidedAt) throw new AppError('CONFLICT', FORMS_MESSAGES.signing.voided);
  if (form.completedOn) throw new AppError('CONFLICT', FORM_MESSAGES.complete);
  if (hasSigned(form, party)) throw new AppError('CONFLICT', FORM_MESSAGES.alreadySigned(party));
  if (!(await showsTheLogs(ctx, form))) {
    const message = form.kind === 'final' ? 'outdatedPeriod' : 'outdated';
    throw new AppError('CONFLICT', FORMS_MESSAGES.signing[message]);
  }
  // The supervisor attests they reviewed the records: their M-FVF signature signs the month off.
  const signsMonthOff = form.kind === 'monthly' && party === 'supervisor';
  if (signsMonthOff) await assertReviewedForSignature(ctx.db, form);

  const unsigned = await readObjectIfPresent(ctx.storage, form.storageKey);
  // A signature that landed since the row was read removed the version read here.
  if (!unsigned) throw new AppError('CONFLICT', FORMS_MESSAGES.signing.changedMeanwhile);
  const { signFvf } = await loadFvfEngine();
  const signed = await signFvf(unsigned, {
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
  const supervisorOn = names.supervisorSignedOn ?? form.supervisorSignedOn;
  // The F-FVF is complete with the responsible supervisor's signature alone.
  const completed = !signed.isComplete
    ? null
    : form.kind === 'monthly'
      ? completedOn(names.traineeSignedOn ?? form.traineeSignedOn, supervisorOn)
      : supervisorOn;

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
            ...recordOf(form),
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
      if (!isRecorded) throw new AppError('CONFLICT', FORMS_MESSAGES.signing.changedMeanwhile);
      if (signsMonthOff) {
        // Again in the transaction: a log may have moved back to pending while the PDF was made.
        await assertReviewedForSignature(tx, form);
        await signOffWithForm(tx, form, ctx.actor.id, ctx.now);
      }
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    if (record) await ctx.storage.delete(record.key).catch(() => undefined);
    throw error;
  }
  // Superseded: a form keeps its last PDF (a voided form, the one it had).
  await ctx.storage.delete(form.storageKey).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'could not remove a superseded form PDF');
  });
}

type SignContext = FormsContext & { id: number; signature: MonthFormSignRequest };

export async function signMonthForm(ctx: SignContext): Promise<MonthForm> {
  await signForm({ ...ctx, kind: 'monthly' });
  return getMonthForm(ctx);
}

export async function signFinalForm(ctx: SignContext): Promise<FinalForm> {
  await signForm({ ...ctx, kind: 'final' });
  return getFinalForm(ctx);
}

// A supervisor's M-FVF signature, in the app or by confirming a paper form, signs the month off
// (issue 36, src/shared/forms/form-review.ts) for the form's structure (issue 38); refused while
// a log of the structure's month is pending or flagged.

type MonthFormKey = { traineeId: number; traineeSupervisorId: number; month: string };

async function structureMonthOf(db: Db, form: MonthFormKey): Promise<StructureMonth> {
  const subject = await subjectOfRecord(db, form.traineeId, form.traineeSupervisorId);
  return {
    traineeId: form.traineeId,
    month: form.month,
    recordIds: subject.records.map((record) => record.id),
  };
}

export async function assertReviewedForSignature(db: Db, form: MonthFormKey): Promise<void> {
  const logs = await listStructureLogs(db, await structureMonthOf(db, form));
  const count = (status: 'pending' | 'flagged') =>
    logs.filter((log) => log.status === status).length;
  const message = notReviewedMessage({ pending: count('pending'), flagged: count('flagged') });
  if (message) throw new AppError('CONFLICT', message);
}

/** In the signature's transaction; a structure signed off already stays as it is. */
export async function signOffWithForm(
  tx: Db,
  form: MonthFormKey,
  supervisorUserId: number,
  now: Date,
): Promise<void> {
  const structure = await structureMonthOf(tx, form);
  const signoffs = await listLiveSignoffs(tx, form.traineeId, [form.month]);
  const isSigned = signoffs.some(
    ({ traineeSupervisorId: id }) => id !== null && structure.recordIds.includes(id),
  );
  if (isSigned) return;
  await signOffMonth(tx, {
    ...structure,
    traineeSupervisorId: form.traineeSupervisorId,
    supervisorUserId,
    now,
  });
}
