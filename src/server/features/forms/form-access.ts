import { REQUIRED } from '../../../shared/wire/primitives';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { assertLinkedTrainee } from '../supervisors';
import * as supervisorsRepo from '../supervisors';
import { formSubjects, subjectOf } from '../../../shared/supervisors/form-subject';
import type { FormSubject as SubjectOf } from '../../../shared/supervisors/form-subject';
import type { TemplatesContext } from './templates/templates.service';
import * as repo from './month-forms.repository';
import { FORMS_MESSAGES } from './forms.messages';

/*
 * Who may see a form (decisions 012, 013): the asker's own, a supervisor's linked trainee's, and
 * the records and subjects a form belongs to. Every forms service asks here before it reads.
 */

/** Whom one form covers, made of the trainee's supervisor records. */
export type FormSubject = SubjectOf<supervisorsRepo.TraineeSupervisorRow>;

export type FormsContext = TemplatesContext & { actor: Actor; now: Date };

const FORM_NOT_FOUND = () => new AppError('NOT_FOUND', FORMS_MESSAGES.formNotFound);

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
  if (traineeId === undefined) throw AppError.field('u_id', REQUIRED);
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

/** One of the asker's supervisor records, or a 404. */
export async function ownSupervisorRecord(ctx: FormsContext, traineeSupervisorId: number) {
  const record = await supervisorsRepo.findForTrainee(ctx.db, ctx.actor.id, traineeSupervisorId);
  if (!record) throw new AppError('NOT_FOUND', FORMS_MESSAGES.supervisorNotFound);
  return record;
}

/** The subject (a record of its own, or its organization) a trainee's record belongs to. */
export async function subjectOfRecord(
  db: Db,
  traineeId: number,
  recordId: number,
): Promise<FormSubject> {
  const subjects = formSubjects(await supervisorsRepo.listForTrainee(db, traineeId));
  const subject = subjectOf(subjects, recordId);
  if (!subject) throw new AppError('NOT_FOUND', FORMS_MESSAGES.supervisorNotFound);
  return subject;
}

/**
 * A subject's live form under the first of `keys` (month and fieldwork type; no month for an
 * F-FVF) that has one, whichever of its records signs it, records first.
 */
export async function findLiveOfSubject(
  db: Db,
  subject: FormSubject,
  keys: readonly { month?: string; experienceTypeId: number }[],
): Promise<repo.MonthFormRow | undefined> {
  for (const record of subject.records) {
    for (const key of keys) {
      const form = await repo.findLive(db, { ...key, traineeSupervisorId: record.id });
      if (form) return form;
    }
  }
  return undefined;
}
