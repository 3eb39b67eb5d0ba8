import { randomUUID } from 'node:crypto';
import { AppError, fieldErrorsOf, type FieldErrors } from '../../../shared/errors';
import { recoverySince } from '../../../shared/logs/experience-log.schema';
import type { AcceptedType } from '../../../shared/files/file-content';
import {
  RECORD_REQUIRED_MESSAGE,
  RecordFileFieldsSchema,
  type RecordFile,
  type RecordFilesAnswer,
} from '../../../shared/files/record-file.schema';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { assertLinkedTrainee } from '../supervisors';
import * as supervisorsRepo from '../supervisors';
import * as repo from './files.repository';
import { storeChecked, type StoredFile } from './files.upload';
import { documentUrl, groupRecordFiles, toRecordFile } from './files.wire';

type Context = { db: Db; storage: StoragePort; actor: Actor; now: Date };

const NOT_FOUND = () => new AppError('NOT_FOUND', 'File not found');
/** A form signed by both parties in the app never changes (issue 10; decision 012). */
const SIGNED_IN_APP = () =>
  new AppError(
    'CONFLICT',
    'This form was signed by both of you in the app: its file, month and supervisor cannot change, and it cannot be deleted.',
  );
/** A paper form's scan goes with the paper form (decision 024). */
const PAPER_FORM_SCAN = () =>
  new AppError(
    'CONFLICT',
    'This is the scan of a form signed on paper: its file, month and supervisor go with it. Remove the paper form on the monthly forms list instead.',
  );
const SUPERVISOR_UNKNOWN = 'Choose one of your supervisors.';

/** Issue 27: seven years of scans come to a few hundred MB. Deleted forms stay, and count. */
export const FILE_QUOTA_BYTES = 1024 * 1024 * 1024;
export const FILE_QUOTA_MESSAGE =
  'Your forms have used this account’s 1 GB of file storage, so this file was not kept. Contact support to make room.';

/** The caller removes the refused object. */
async function assertWithinQuota(ctx: Context, file: StoredFile, replacedBytes = 0) {
  const used = await repo.storedBytesOf(ctx.db, ctx.actor.id);
  if (used - replacedBytes + file.size > FILE_QUOTA_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', FILE_QUOTA_MESSAGE);
  }
}

/** Called before the body is read, so a refused upload is never taken in. */
export function countRecordUpload(db: Db, traineeId: number, now: Date): Promise<void> {
  return consumeRateLimit(db, `record-upload:${traineeId}`, RATE_LIMITS.recordUpload, now);
}

export function recordFileKey(traineeId: number, type: AcceptedType): string {
  return `records/${traineeId}/${randomUUID()}.${type.ext}`;
}

/** Here, beside the other keys, because the storage sweep owns every folder it sweeps. */
export function monthFormKey(traineeId: number): string {
  return `forms/${traineeId}/${randomUUID()}.pdf`;
}

function parseFields(fields: Record<string, unknown>, hasFile: boolean) {
  const parsed = RecordFileFieldsSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (!hasFile) errors.document = [RECORD_REQUIRED_MESSAGE];
  if (!parsed.success || !hasFile) throw new AppError('VALIDATION', 'Invalid record file', errors);
  return parsed.data;
}

async function assertOwnSupervisor(ctx: Context, traineeSupervisorId: number): Promise<void> {
  if (!(await supervisorsRepo.findForTrainee(ctx.db, ctx.actor.id, traineeSupervisorId))) {
    throw AppError.field('supervisor', SUPERVISOR_UNKNOWN);
  }
}

async function loadOwn(ctx: Context, id: number): Promise<repo.RecordFileRecord> {
  const file = await repo.findForTrainee(ctx.db, ctx.actor.id, id);
  if (!file) throw NOT_FOUND();
  return file;
}

/** The file is already stored; the caller removes it if this fails (`discardOnFailure`). */
export async function createRecordFile(
  ctx: Context & { fields: Record<string, unknown>; file: StoredFile | undefined },
): Promise<RecordFile> {
  const { file } = ctx;
  const values = parseFields(ctx.fields, file !== undefined);
  if (!file) throw AppError.field('document', RECORD_REQUIRED_MESSAGE);
  await assertOwnSupervisor(ctx, values.traineeSupervisorId);
  await assertWithinQuota(ctx, file);
  const fileName = values.fileName ?? (file.filename || `form.${file.type.ext}`);
  const id = await repo.insert(ctx.db, {
    traineeId: ctx.actor.id,
    traineeSupervisorId: values.traineeSupervisorId,
    formType: values.formType,
    formDate: values.formDate,
    title: values.title ?? fileName,
    description: values.description,
    notes: values.notes,
    fileName,
    storageKey: file.key,
    contentType: file.type.mime,
    sizeBytes: file.size,
    confirmedDownloaded: true,
    confirmedSigned: true,
    confirmedFilled: true,
  });
  return toRecordFile(ctx.storage, await loadOwn(ctx, id));
}

/** So that an edit changes only what it sends. */
function fieldsOf(file: repo.RecordFileRecord): Record<string, unknown> {
  return {
    form_type: file.formType,
    supervisor: file.traineeSupervisorId ?? undefined,
    date: file.formDate ?? undefined,
    title: file.title,
    description: file.description ?? undefined,
    notes: file.notes,
    fileName: file.fileName,
    downloaded: file.confirmedDownloaded,
    signed: file.confirmedSigned,
    filled: file.confirmedFilled,
  };
}

/** A replaced file's old object is removed once the row points at the new one. */
export async function updateRecordFile(
  ctx: Context & { id: number; fields: Record<string, unknown>; file: StoredFile | undefined },
): Promise<{ file: RecordFile; replacedKey: string | null }> {
  const current = await loadOwn(ctx, ctx.id);
  const merged = { ...fieldsOf(current), ...ctx.fields };
  // A new file's name replaces the old one unless the edit names it.
  if (ctx.file && ctx.fields.fileName === undefined) merged.fileName = ctx.file.filename;
  const values = parseFields(merged, true);
  const signedPartChanges =
    ctx.file !== undefined ||
    values.formType !== current.formType ||
    (values.formDate ?? null) !== current.formDate ||
    values.traineeSupervisorId !== current.traineeSupervisorId;
  // Its title and notes are the trainee's own filing; the signed form itself stays as signed.
  if (signedPartChanges && current.signedInApp) throw SIGNED_IN_APP();
  if (signedPartChanges && current.isPaperForm) throw PAPER_FORM_SCAN();
  if (values.traineeSupervisorId !== current.traineeSupervisorId) {
    await assertOwnSupervisor(ctx, values.traineeSupervisorId);
  }
  if (ctx.file) await assertWithinQuota(ctx, ctx.file, current.sizeBytes);
  const fileName = values.fileName ?? current.fileName;
  const changed = await repo.update(ctx.db, ctx.actor.id, ctx.id, {
    traineeSupervisorId: values.traineeSupervisorId,
    formType: values.formType,
    formDate: values.formDate,
    title: values.title ?? fileName,
    description: values.description,
    notes: values.notes,
    fileName,
    ...(ctx.file
      ? { storageKey: ctx.file.key, contentType: ctx.file.type.mime, sizeBytes: ctx.file.size }
      : {}),
    updatedAt: ctx.now,
  });
  if (!changed) throw NOT_FOUND();
  const file = await toRecordFile(ctx.storage, await loadOwn(ctx, ctx.id));
  return { file, replacedKey: ctx.file ? current.storageKey : null };
}

/** Restorable for 30 days, as logs are. */
export async function deleteRecordFile(ctx: Context & { id: number }): Promise<void> {
  const current = await loadOwn(ctx, ctx.id);
  if (current.signedInApp) throw SIGNED_IN_APP();
  if (current.isPaperForm) throw PAPER_FORM_SCAN();
  if (!(await repo.softDelete(ctx.db, ctx.actor.id, ctx.id, ctx.now))) throw NOT_FOUND();
}

export async function restoreRecordFile(ctx: Context & { id: number }): Promise<RecordFile> {
  if (!(await repo.restore(ctx.db, ctx.actor.id, ctx.id, recoverySince(ctx.now)))) {
    throw new AppError('NOT_FOUND', 'Deleted file not found');
  }
  return toRecordFile(ctx.storage, await loadOwn(ctx, ctx.id));
}

export async function listDeletedRecordFiles(ctx: Context): Promise<RecordFile[]> {
  const files = await repo.listDeletedSince(ctx.db, ctx.actor.id, recoverySince(ctx.now));
  return Promise.all(files.map((file) => toRecordFile(ctx.storage, file)));
}

/**
 * Any file the trainee uploaded (decision 011), but a form kept with one supervisor only when it
 * names them, as its own routes answer (decision 024; issue 36).
 */
function isReadByLinkedSupervisor(file: repo.RecordFileRecord, supervisorId: number): boolean {
  return !file.isSupervisorsForm || file.supervisorUserId === supervisorId;
}

export async function listRecordFiles(
  ctx: Context & { traineeId: number | undefined },
): Promise<RecordFilesAnswer> {
  let traineeId = ctx.actor.id;
  if (!ctx.actor.isSupervisor && ctx.traineeId !== undefined && ctx.traineeId !== traineeId) {
    throw new AppError('NOT_FOUND', 'Trainee not found');
  }
  if (ctx.actor.isSupervisor) {
    if (ctx.traineeId === undefined) throw AppError.field('u_id', RECORD_REQUIRED_MESSAGE);
    await assertLinkedTrainee(ctx, ctx.traineeId);
    traineeId = ctx.traineeId;
  }
  const files = (await repo.listForTrainee(ctx.db, traineeId)).filter(
    (file) => !ctx.actor.isSupervisor || isReadByLinkedSupervisor(file, ctx.actor.id),
  );
  return groupRecordFiles(await Promise.all(files.map((file) => toRecordFile(ctx.storage, file))));
}

export async function recordFileDownloadUrl(ctx: Context & { id: number }): Promise<string> {
  const file = await repo.findLive(ctx.db, ctx.id);
  if (!file) throw NOT_FOUND();
  if (ctx.actor.isSupervisor) {
    if (!isReadByLinkedSupervisor(file, ctx.actor.id)) throw NOT_FOUND();
    await assertLinkedTrainee(ctx, file.traineeId).catch(() => {
      throw NOT_FOUND();
    });
  } else if (file.traineeId !== ctx.actor.id) {
    throw NOT_FOUND();
  }
  return documentUrl(ctx.storage, file);
}

/**
 * Decision 012. `recordCompletedForm` then names it in the caller's transaction; if that fails,
 * the caller removes the object.
 */
export function storeCompletedForm(ctx: {
  storage: StoragePort;
  traineeId: number;
  bytes: Uint8Array;
  fileName: string;
}): Promise<StoredFile> {
  return storeChecked({
    storage: ctx.storage,
    source: (async function* () {
      yield ctx.bytes;
    })(),
    purpose: 'record',
    field: 'document',
    filename: ctx.fileName,
    keyFor: (type) => recordFileKey(ctx.traineeId, type),
    isMadeByProduct: true,
  });
}

/**
 * Its three confirmations are true by construction (the product filled it, both parties signed
 * it, and it is the BACB's own PDF).
 */
export function recordCompletedForm(
  db: Db,
  values: {
    traineeId: number;
    traineeSupervisorId: number;
    /** None for an F-FVF. */
    month: string | null;
    title: string;
    description: string | null;
    file: StoredFile;
  },
): Promise<number> {
  return repo.insert(db, {
    traineeId: values.traineeId,
    traineeSupervisorId: values.traineeSupervisorId,
    formType: values.month === null ? 'Final' : 'Monthly',
    formDate: values.month === null ? null : `${values.month}-01`,
    title: values.title,
    description: values.description,
    notes: 'Filled from the logs and signed by both parties in Fieldwork Tracker.',
    fileName: values.file.filename,
    storageKey: values.file.key,
    contentType: values.file.type.mime,
    sizeBytes: values.file.size,
    confirmedDownloaded: true,
    confirmedSigned: true,
    confirmedFilled: true,
  });
}

/**
 * Issue 26 part 7. The forms feature names it in the same transaction (`db`); if that fails, the
 * caller removes the stored object.
 */
export async function recordPaperFormFile(
  db: Db,
  values: {
    traineeId: number;
    traineeSupervisorId: number;
    month: string;
    title: string;
    notes: string;
    file: StoredFile;
  },
): Promise<number> {
  const used = await repo.storedBytesOf(db, values.traineeId);
  if (used + values.file.size > FILE_QUOTA_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', FILE_QUOTA_MESSAGE);
  }
  return repo.insert(db, {
    traineeId: values.traineeId,
    traineeSupervisorId: values.traineeSupervisorId,
    formType: 'Monthly',
    formDate: `${values.month}-01`,
    title: values.title,
    description: null,
    notes: values.notes,
    fileName: values.file.filename || `form.${values.file.type.ext}`,
    storageKey: values.file.key,
    contentType: values.file.type.mime,
    sizeBytes: values.file.size,
    confirmedDownloaded: true,
    confirmedSigned: true,
    confirmedFilled: true,
  });
}

export function deletePaperFormFile(
  db: Db,
  values: { traineeId: number; recordFileId: number; now: Date },
): Promise<boolean> {
  return repo.softDelete(db, values.traineeId, values.recordFileId, values.now);
}

/** Only once the caller has decided the asker may read it. */
export async function recordFileUrl(
  db: Db,
  storage: StoragePort,
  id: number,
): Promise<string | null> {
  const file = await repo.findLive(db, id);
  return file ? documentUrl(storage, file) : null;
}
