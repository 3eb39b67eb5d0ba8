import type { RecordFile, RecordFilesAnswer } from '../../../shared/files/record-file.schema';
import { ACCEPTED_TYPES } from '../../../shared/files/file-content';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { RecordFileRecord } from './files.repository';

/** The real type's extension, so a PNG uploaded as `form.html` is never opened as a web page. */
export function downloadName(fileName: string, contentType: string): string {
  const ext = Object.values(ACCEPTED_TYPES)
    .flat()
    .find((type) => type.mime === contentType)?.ext;
  const base = fileName.replace(/\.[A-Za-z0-9]{1,8}$/, '') || 'form';
  return ext ? `${base}.${ext}` : base;
}

/** A download link for the file (short-lived: see the storage port). */
export function documentUrl(storage: StoragePort, file: RecordFileRecord): Promise<string> {
  return storage.signedGetUrl(file.storageKey, {
    filename: downloadName(file.fileName, file.contentType),
    contentType: file.contentType,
  });
}

/** SPEC §3 "Record file". */
export async function toRecordFile(
  storage: StoragePort,
  file: RecordFileRecord,
): Promise<RecordFile> {
  return {
    id: file.id,
    title: file.title,
    document: await documentUrl(storage, file),
    user: file.traineeId,
    notes: file.notes,
    supervisor: file.traineeSupervisorId,
    trainee_supervisor: file.traineeSupervisorId,
    supervisor_name: file.supervisorName,
    form_type: file.formType,
    description: file.description,
    date: file.formDate,
    month: file.formDate?.slice(0, 7) ?? null,
    fileName: file.fileName,
    content_type: file.contentType,
    size: file.sizeBytes,
    downloaded: file.confirmedDownloaded,
    signed: file.confirmedSigned,
    filled: file.confirmedFilled,
    signed_in_app: file.signedInApp,
    paper_form: file.isPaperForm,
    created_at: file.createdAt.toISOString(),
    updated_at: file.updatedAt.toISOString(),
    deleted_at: file.deletedAt?.toISOString() ?? null,
  };
}

export function groupRecordFiles(files: readonly RecordFile[]): RecordFilesAnswer {
  const months = new Map<string, RecordFile[]>();
  const finals: RecordFile[] = [];
  for (const file of files) {
    if (file.form_type === 'Final' || !file.month) finals.push(file);
    else months.set(file.month, [...(months.get(file.month) ?? []), file]);
  }
  const monthly = [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, group]) => ({ month, files: group }));
  return { monthly_form: monthly, final_form: finals };
}
