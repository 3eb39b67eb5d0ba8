import { randomUUID } from 'node:crypto';
import type { AcceptedType } from '../../../shared/files/file-content';
import { AppError } from '../../../shared/errors';
import { recordName } from '../../../shared/supervisors/form-subject';
import {
  firstAnniversary,
  monthsMissingConsultation,
  periodQualificationFlags,
  type QualificationFacts,
} from '../../../shared/supervisors/qualification';
import {
  CONSULTATION_MESSAGES,
  type ConsultationCreateRequest,
  type ConsultationMeeting,
  type ConsultationsAnswer,
  type SupervisorQualification,
  type TrainingCertificate,
} from '../../../shared/supervisors/qualification.schema';
import type { QualificationFlagWire } from '../../../shared/supervisors/qualification-flag.schema';
import { formatMonthYear } from '../../../shared/logs/time';
import type { StoragePort } from '../../adapters/storage/storage.port';
import { todayOf } from '../../clock';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import type { StoredFile } from '../files';
import * as repo from './qualification.repository';

// Issue 39 part 3 (BCBA Handbook, "Supervisor Qualifications"): the supervisor keeps their
// consultations and training certificate; their trainees and the forms read the flags.

type Context = { db: Db; storage: StoragePort; actor: Actor; now: Date };

const CONSULTATION_NOT_FOUND = () => new AppError('NOT_FOUND', 'Consultation not found');
const CERTIFICATE_NOT_FOUND = () => new AppError('NOT_FOUND', 'No training certificate on record');

function toMeeting(row: repo.ConsultationRow): ConsultationMeeting {
  return {
    id: row.id,
    met_on: row.metOn,
    consultant_name: row.consultantName,
    consultant_bacb_id: row.consultantBacbId,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

/** The rule's facts for one account, under the name the reader knows them by. */
export function factsOf(
  name: string,
  profile: repo.QualificationProfile | undefined,
): QualificationFacts {
  return {
    name,
    certifiedOn: profile?.certifiedOn ?? null,
    trainingCompletedOn: profile?.trainingCompletedOn ?? null,
    consultationMonths: profile?.consultationMonths ?? [],
  };
}

export async function listConsultations(
  ctx: Omit<Context, 'storage'>,
): Promise<ConsultationsAnswer> {
  const { db, actor } = ctx;
  const [rows, profiles, months] = await Promise.all([
    repo.listConsultations(db, actor.id),
    repo.loadQualificationProfiles(db, [actor.id]),
    repo.supervisedMonths(db, actor.id),
  ]);
  const facts = factsOf('You', profiles.get(actor.id));
  const missing: QualificationFlagWire[] = monthsMissingConsultation(facts, months).map(
    (month) => ({
      code: 'consultation-missing',
      month,
      message: `You supervised fieldwork in ${formatMonthYear(month)}, in your first year of certification, with no consultation recorded: a supervisor certified less than a year needs "monthly consultation from a qualified consulting supervisor" (Handbook, "Supervisor Qualifications").`,
    }),
  );
  return {
    results: rows.map(toMeeting),
    certified_on: facts.certifiedOn,
    first_year_ends_on: facts.certifiedOn ? firstAnniversary(facts.certifiedOn) : null,
    missing,
  };
}

export async function addConsultation(
  ctx: Omit<Context, 'storage'> & { input: ConsultationCreateRequest },
): Promise<ConsultationMeeting> {
  const { db, actor, input } = ctx;
  if (input.met_on > todayOf(actor, ctx.now))
    throw AppError.field('met_on', CONSULTATION_MESSAGES.future);
  const row = await repo.insertConsultation(db, {
    supervisorUserId: actor.id,
    metOn: input.met_on,
    consultantName: input.consultant_name,
    consultantBacbId: input.consultant_bacb_id,
    notes: input.notes,
    createdAt: ctx.now,
  });
  return toMeeting(row);
}

/** Only the supervisor's own meeting; any other id is "not found". */
export async function deleteConsultation(
  ctx: Omit<Context, 'storage'> & { id: number },
): Promise<void> {
  if (!(await repo.deleteConsultation(ctx.db, ctx.actor.id, ctx.id, ctx.now))) {
    throw CONSULTATION_NOT_FOUND();
  }
}

/** Swept like every folder of ours (files feature, storage-sweep). */
export function certificateKey(userId: number, type: AcceptedType): string {
  return `certificates/${userId}/${randomUUID()}.${type.ext}`;
}

function certificateOf(
  storage: StoragePort,
  profile: repo.QualificationProfile | undefined,
): Promise<TrainingCertificate> | null {
  const key = profile?.trainingCertificateKey;
  const name = profile?.trainingCertificateName;
  const type = profile?.trainingCertificateType;
  if (!key || !name || !type) return null;
  return storage
    .signedGetUrl(key, { filename: name, contentType: type })
    .then((url) => ({ file_name: name, content_type: type, url }));
}

/** Names the uploaded certificate; the one it replaces leaves storage after the answer. */
export async function saveCertificate(
  ctx: Context & { file: StoredFile },
): Promise<{ certificate: TrainingCertificate; replacedKey: string | null }> {
  const { db, actor, file } = ctx;
  const replacedKey = await db.transaction((tx) =>
    repo.replaceCertificate(tx, actor.id, {
      trainingCertificateKey: file.key,
      trainingCertificateName: file.filename || `training-certificate.${file.type.ext}`,
      trainingCertificateType: file.type.mime,
    }),
  );
  return { certificate: await ownCertificate(ctx), replacedKey };
}

export async function ownCertificate(ctx: Context): Promise<TrainingCertificate> {
  const profiles = await repo.loadQualificationProfiles(ctx.db, [ctx.actor.id]);
  const certificate = await certificateOf(ctx.storage, profiles.get(ctx.actor.id));
  if (!certificate) throw CERTIFICATE_NOT_FOUND();
  return certificate;
}

/** Returns the removed object's key (the caller deletes it from storage). */
export async function removeCertificate(ctx: Context): Promise<string> {
  const key = await ctx.db.transaction((tx) =>
    repo.replaceCertificate(tx, ctx.actor.id, {
      trainingCertificateKey: null,
      trainingCertificateName: null,
      trainingCertificateType: null,
    }),
  );
  if (!key) throw CERTIFICATE_NOT_FOUND();
  return key;
}

/**
 * The trainee's linked supervisors as the trainee sees them (scoped: their own records only),
 * each with the months the trainee logged with them that they did not qualify for.
 */
export async function listSupervisorQualifications(
  ctx: Context,
): Promise<SupervisorQualification[]> {
  const { db, storage, actor } = ctx;
  const [records, logged] = await Promise.all([
    repo.listLinkedRecords(db, actor.id),
    repo.loggedMonthsByRecord(db, actor.id),
  ]);
  const profiles = await repo.loadQualificationProfiles(
    db,
    records.flatMap((record) =>
      record.supervisorUserId === null ? [] : [record.supervisorUserId],
    ),
  );
  return Promise.all(
    records.map(async (record) => {
      const profile =
        record.supervisorUserId === null ? undefined : profiles.get(record.supervisorUserId);
      const name = recordName(record);
      const months = [...(logged.get(record.id) ?? [])].sort();
      return {
        trainee_supervisor: record.id,
        supervisor_name: name,
        certified_on: profile?.certifiedOn ?? null,
        training_completed_on: profile?.trainingCompletedOn ?? null,
        training_certificate: await certificateOf(storage, profile),
        consulting_supervisor_name: profile?.consultingSupervisorName ?? '',
        consulting_supervisor_bacb_id: profile?.consultingSupervisorBacbId ?? '',
        flags: periodQualificationFlags(factsOf(name, profile), months),
      };
    }),
  );
}

/**
 * For the forms (Handbook, "Multiple Supervisors at One Organization"): the flags of the signing
 * record's account over the form's months; none for a record without an account (no profile to
 * read: the product cannot know).
 */
export async function formQualificationFlags(
  db: Db,
  forms: readonly { supervisorUserId: number | null; name: string; months: readonly string[] }[],
): Promise<QualificationFlagWire[][]> {
  const profiles = await repo.loadQualificationProfiles(
    db,
    forms.flatMap((form) => (form.supervisorUserId === null ? [] : [form.supervisorUserId])),
  );
  return forms.map((form) =>
    form.supervisorUserId === null
      ? []
      : periodQualificationFlags(
          factsOf(form.name, profiles.get(form.supervisorUserId)),
          form.months,
        ),
  );
}

/** One of the trainee's own records' certificate; another's record, or none, is "not found". */
export async function recordCertificate(
  ctx: Context & { recordId: number },
): Promise<TrainingCertificate> {
  const accountId = await repo.findLinkedAccount(ctx.db, ctx.actor.id, ctx.recordId);
  if (accountId === null) throw CERTIFICATE_NOT_FOUND();
  const profiles = await repo.loadQualificationProfiles(ctx.db, [accountId]);
  const certificate = await certificateOf(ctx.storage, profiles.get(accountId));
  if (!certificate) throw CERTIFICATE_NOT_FOUND();
  return certificate;
}
