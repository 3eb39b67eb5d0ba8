import { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import { formEditionOf } from '../../../shared/forms/form-edition';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { findUserById, loadUserView } from '../accounts';
import { monthFormKey } from '../files';
import { assertLinkedTrainee, isUniqueViolation } from '../supervisors';
import * as supervisorsRepo from '../supervisors';
import { formSubjects, recordName, subjectOf, type FormSubject } from './form-subjects';
import { type FvfFillInput, type FvfPerson, loadFvfEngine } from './fvf';
import { templateFor, type TemplatesContext } from './fvf-templates.service';
import * as repo from './month-forms.repository';

/*
 * What the two official forms share (decisions 012, 013): who may see a form, filling the BACB's
 * template for one of the trainee's supervisor records, and keeping the filled PDF. The M-FVF is
 * month-forms.service.ts, the F-FVF final-forms.service.ts, signing both form-signing.service.ts.
 */

export type FormsContext = TemplatesContext & { actor: Actor; now: Date };

const FORM_NOT_FOUND = () => new AppError('NOT_FOUND', 'Form not found');

export const FORM_FILL_MESSAGES = {
  supervisorNotFound: 'Supervisor not found',
  profileIncomplete: (missing: readonly string[]) =>
    `Add your ${missing.join(', ')} to your profile before filling a form: the BACB's form asks for ${missing.length === 1 ? 'it' : 'them'}.`,
  filledMeanwhile:
    'This form was filled at the same moment by another request: reload and try again.',
} as const;

/**
 * A form of `kind` the asker may see: their own, or, for a supervisor, one they sign as the
 * linked supervisor of its record (while they may see the trainee). To `read`, a supervisor also
 * keeps the forms they signed after the trainee ended their access or they removed the trainee
 * (their own history, issue 27). Anything else is a 404.
 */
export async function loadVisibleForm(
  ctx: { db: Db; actor: Actor; now: Date },
  id: number,
  kind: repo.FormKind,
  purpose: 'read' | 'sign' = 'sign',
): Promise<repo.MonthFormRecord> {
  const form = await repo.findById(ctx.db, id);
  if (!form || form.kind !== kind) throw FORM_NOT_FOUND();
  if (!ctx.actor.isSupervisor) {
    if (form.traineeId !== ctx.actor.id) throw FORM_NOT_FOUND();
    return form;
  }
  if (form.supervisorUserId !== ctx.actor.id) throw FORM_NOT_FOUND();
  if (purpose === 'read' && form.supervisorSignedBy === ctx.actor.id) return form;
  await assertLinkedTrainee(ctx, form.traineeId).catch(() => {
    throw FORM_NOT_FOUND();
  });
  return form;
}

/** The trainee whose forms are listed: the asker, or a supervisor's linked trainee (`u_id`). */
export async function listedTrainee(
  ctx: FormsContext,
  traineeId: number | undefined,
): Promise<number> {
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

/**
 * Which of a trainee's supervisor records the asker sees forms of: all for the trainee, only
 * those linked to them for a supervisor.
 */
export function recordsVisibleTo(
  actor: Actor,
  records: readonly { id: number; supervisorUserId: number | null }[],
): (traineeSupervisorId: number) => boolean {
  return (traineeSupervisorId) =>
    !actor.isSupervisor ||
    records.some(
      (record) => record.id === traineeSupervisorId && record.supervisorUserId === actor.id,
    );
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

/** The trainee's form fields, or a 400 FORM_PROFILE_INCOMPLETE naming the ones still blank. */
async function traineeIdentity(db: Db, traineeId: number) {
  const user = await findUserById(db, traineeId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  const missing = [
    user.bacbId.trim() === '' ? 'BACB ID' : null,
    user.fieldworkState.trim() === '' ? 'fieldwork state' : null,
    user.fieldworkCountry.trim() === '' ? 'fieldwork country' : null,
  ].filter((item) => item !== null);
  if (missing.length > 0) {
    throw new AppError('FORM_PROFILE_INCOMPLETE', FORM_FILL_MESSAGES.profileIncomplete(missing));
  }
  return {
    name: user.name,
    bacbId: user.bacbId,
    fieldworkState: user.fieldworkState,
    fieldworkCountry: user.fieldworkCountry,
  };
}

/** One of the asker's supervisor records, or a 404. */
export async function ownSupervisorRecord(ctx: FormsContext, traineeSupervisorId: number) {
  const record = await supervisorsRepo.findForTrainee(ctx.db, ctx.actor.id, traineeSupervisorId);
  if (!record) throw new AppError('NOT_FOUND', FORM_FILL_MESSAGES.supervisorNotFound);
  return record;
}

type SupervisorRecord = NonNullable<Awaited<ReturnType<typeof supervisorsRepo.findForTrainee>>>;

/** The subject (a record of its own, or its organization) a trainee's record belongs to. */
export async function subjectOfRecord(
  db: Db,
  traineeId: number,
  recordId: number,
): Promise<FormSubject> {
  const subjects = formSubjects(await supervisorsRepo.listForTrainee(db, traineeId));
  const subject = subjectOf(subjects, recordId);
  if (!subject) throw new AppError('NOT_FOUND', FORM_FILL_MESSAGES.supervisorNotFound);
  return subject;
}

/** A supervisor as the form names them: the record's name, the linked account's BACB number. */
async function personOf(db: Db, record: SupervisorRecord) {
  const account = record.supervisorUserId
    ? await loadUserView(db, record.supervisorUserId)
    : undefined;
  return {
    name: recordName(record),
    bacbId: account?.supervisor?.bacb_certification_number ?? '',
    qualification: account?.supervisor?.supervisor_qualification ?? '',
  };
}

/**
 * Fills the official form the figures are for (an M-FVF for a month, an F-FVF for a period) for
 * the asker, signed by the responsible supervisor `record`, from the template of the trainee's
 * edition (the Organization form when the record belongs to one) that serves the trainee: the
 * operator's or their own upload. Keeps it: a live form not yet complete is replaced (voided,
 * kept as history); a complete one is final (409 `completeMessage`). Returns the new form's id.
 */
export async function fillAndKeep(
  ctx: FormsContext & {
    record: SupervisorRecord;
    subject: FormSubject;
    /** The supervisors the form lists (an F-FVF at an organization): those with hours. */
    listed: readonly SupervisorRecord[];
    figures: FvfFillInput['figures'];
    /** What the row keeps: the fieldwork type (3: both) and the minutes, summed. */
    kept: Pick<
      repo.NewMonthForm,
      | 'experienceTypeId'
      | 'independentMinutes'
      | 'supervisedMinutes'
      | 'totalMinutes'
      | 'observationMinutes'
    > & { monthsCounted?: number };
    isProrated: boolean;
    /** The live form of the same month (or period) and subject, if any. */
    existing: repo.MonthFormRow | undefined;
    completeMessage: string;
  },
): Promise<number> {
  const { db, actor, record, figures, existing } = ctx;
  if (existing?.completedOn) throw new AppError('CONFLICT', ctx.completeMessage);
  const trainee = await traineeIdentity(db, actor.id);
  // The edition of the months it documents (shared/forms/form-edition.ts).
  const edition = formEditionOf('month' in figures ? figures.month : figures.period.toMonth);
  const { fillFvfTemplate, formOfFigures } = await loadFvfEngine();
  const form = formOfFigures(figures);
  const structure = ctx.subject.organization === '' ? 'individual' : 'organization';
  const template = await templateFor(ctx, { form, edition, structure, ownerId: actor.id });
  const supervisor = await personOf(db, record);
  const others = ctx.listed.filter((item) => item.id !== record.id);
  const supervisors: FvfPerson[] = [
    supervisor,
    ...(await Promise.all(others.map((item) => personOf(db, item)))),
  ];
  const filled = await fillFvfTemplate(await template.load(), {
    figures,
    edition,
    trainee,
    supervisor,
    supervisors,
    isProrated: ctx.isProrated,
  });

  const storageKey = await putPdf(ctx.storage, actor.id, filled.bytes);
  try {
    return await db.transaction(async (tx) => {
      if (existing && !(await repo.voidIncomplete(tx, existing.id, actor.id, ctx.now))) {
        throw new AppError('CONFLICT', FORM_FILL_MESSAGES.filledMeanwhile);
      }
      return repo.insert(tx, {
        kind: form,
        traineeId: actor.id,
        traineeSupervisorId: record.id,
        ...('month' in figures
          ? { month: figures.month }
          : {
              month: figures.period.toMonth,
              fromMonth: figures.period.fromMonth,
              monthsCounted: ctx.kept.monthsCounted ?? 0,
            }),
        experienceTypeId: ctx.kept.experienceTypeId,
        independentMinutes: ctx.kept.independentMinutes,
        supervisedMinutes: ctx.kept.supervisedMinutes,
        totalMinutes: ctx.kept.totalMinutes,
        observationMinutes: ctx.kept.observationMinutes,
        variantId: filled.variant.id,
        templateSource: template.source,
        templateSha256: template.sha256,
        organization: ctx.subject.organization,
        storageKey,
        createdAt: ctx.now,
      });
    });
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', FORM_FILL_MESSAGES.filledMeanwhile);
    }
    throw error;
  }
}
