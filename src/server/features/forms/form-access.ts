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

// Who may see a form (decisions 012, 013); every forms service asks here before it reads.

export type FormSubject = SubjectOf<supervisorsRepo.TraineeSupervisorRow>;

export type FormsContext = TemplatesContext & { actor: Actor; now: Date };

const FORM_NOT_FOUND = () => new AppError('NOT_FOUND', FORMS_MESSAGES.formNotFound);

/** To `read`, a supervisor keeps the forms they signed after losing the trainee (issue 27). */
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

/** The first of `keys` with a live form wins, whichever of the subject's records signs it. */
export async function findLiveOfSubject(
  db: Db,
  subject: FormSubject,
  keys: readonly { month: string; experienceTypeId: number }[],
): Promise<repo.MonthFormRow | undefined> {
  for (const record of subject.records) {
    for (const key of keys) {
      const form = await repo.findLive(db, { ...key, traineeSupervisorId: record.id });
      if (form) return form;
    }
  }
  return undefined;
}
