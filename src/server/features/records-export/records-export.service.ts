import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { wholeRecordFileName } from '../../../shared/records-export/whole-record';
import type { StoragePort } from '../../adapters/storage/storage.port';
import { createZipWriter, type ZipPart, type ZipWriter } from '../../adapters/zip/zip-writer';
import type { Db } from '../../db/client';
import { paperFormsOfRecord } from '../forms';
import { exportLogsCsv } from '../logs';
import * as repo from './records-export.repository';

/*
 * A person's whole record in one zip (issue 12, "Data safety"): what the trainee downloads from
 * their profile, and what the operator's `npm run export-account` writes for any account. One
 * builder for both, so the two cannot drift.
 */

export const RECORD_MANIFEST_PATH = 'manifest.json';

/** manifest.json, the zip's last file: whose record, when, and each other file's SHA-256. */
export const RecordManifestSchema = z.object({
  format: z.literal('fieldwork-tracker-record'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  account: z.object({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['trainee', 'supervisor']),
  }),
  files: z.array(z.object({ path: z.string(), bytes: z.number(), sha256: z.string() })),
  /** Stored files the record names that storage no longer has (listed, not silently dropped). */
  missingFiles: z.array(z.object({ path: z.string(), storageKey: z.string() })),
});
export type RecordManifest = z.infer<typeof RecordManifestSchema>;

type ExportContext = { db: Db; storage: StoragePort; now: Date };

/** Written while it is read: a failure after the start ends the stream with that error. */
export async function exportAccountRecord(
  ctx: ExportContext & { account: { id: number } | { email: string } },
): Promise<{ output: Readable; fileName: string; account: repo.ExportedAccount }> {
  const account = await repo.findAccount(ctx.db, ctx.account);
  if (!account) throw new AppError('NOT_FOUND', 'No account has this email.');
  const zip = createZipWriter(ctx.now);
  writeRecord({ ...ctx, account, zip }).catch((error: unknown) =>
    zip.fail(error instanceof Error ? error : new Error(String(error))),
  );
  return { output: zip.output, fileName: wholeRecordFileName(ctx.now), account };
}

/** A stored file's name inside the zip: letters, digits, '.', '_' and '-' only. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

async function writeRecord(ctx: ExportContext & { account: repo.ExportedAccount; zip: ZipWriter }) {
  const { db, storage, account, zip } = ctx;
  const parts: ZipPart[] = [];
  const missingFiles: RecordManifest['missingFiles'] = [];
  const addStored = async (path: string, storageKey: string) => {
    const body = await storage.get(storageKey);
    if (body) parts.push(await zip.addStream(path, body));
    else missingFiles.push({ path, storageKey });
  };

  const supervisorProfile = account.isSupervisor
    ? await repo.findSupervisorProfile(db, account.id)
    : null;
  parts.push(zip.addJson('profile.json', { ...account, supervisorProfile }));
  if (account.profilePic) await addStored('profile-picture', account.profilePic);

  if (account.isSupervisor) {
    parts.push(
      zip.addJson('trainees.json', {
        links: await repo.listSupervisorLinks(db, account.id),
        removed: await repo.listRemovalsBySupervisor(db, account.id),
      }),
    );
    parts.push(
      zip.addJson(
        'month-signoffs.json',
        await repo.listSignoffs(db, { supervisorUserId: account.id }),
      ),
    );
  } else {
    const traineeId = account.id;
    const csv = exportLogsCsv({ db, traineeId, filter: { taskIds: [] } });
    parts.push(await zip.addStream('logs/logs.csv', Readable.from(csv)));
    parts.push(zip.addJson('logs/logs.json', await repo.listTraineeLogs(db, traineeId)));
    parts.push(
      zip.addJson('logs/log-history.json', await repo.listTraineeLogHistory(db, traineeId)),
    );
    parts.push(
      zip.addJson('supervisors.json', {
        supervisors: await repo.listTraineeSupervisors(db, traineeId),
        removedBy: await repo.listRemovalsOfTrainee(db, traineeId),
      }),
    );
    parts.push(zip.addJson('month-signoffs.json', await repo.listSignoffs(db, { traineeId })));
    parts.push(zip.addJson('agendas.json', await repo.listTraineeAgendas(db, traineeId)));
    const forms = await repo.listTraineeForms(db, traineeId);
    parts.push(zip.addJson('forms/forms.json', forms));
    for (const form of forms) {
      await addStored(`forms/${form.id}-${form.kind}-${form.month}.pdf`, form.storageKey);
    }
    // Their scans are among the record files; this says whether the supervisor confirmed each.
    parts.push(zip.addJson('forms/paper-forms.json', await paperFormsOfRecord(db, traineeId)));
    // Issue 39: the contracts, every version (signed PDF or upload) kept as the audit asks.
    const contracts = await repo.listTraineeContracts(db, traineeId);
    parts.push(zip.addJson('contracts/contracts.json', contracts));
    for (const version of contracts.flatMap((contract) => contract.versions)) {
      if (!version.storageKey) continue;
      const name = safeName(version.fileName ?? `contract-v${version.version}.pdf`);
      await addStored(
        `contracts/${version.contractId}-v${version.version}-${name}`,
        version.storageKey,
      );
    }
    const recordFiles = await repo.listTraineeRecordFiles(db, traineeId);
    parts.push(zip.addJson('record-files/record-files.json', recordFiles));
    for (const file of recordFiles) {
      await addStored(`record-files/${file.id}-${safeName(file.fileName)}`, file.storageKey);
    }
  }

  const manifest: RecordManifest = {
    format: 'fieldwork-tracker-record',
    formatVersion: 1,
    createdAt: ctx.now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      name: account.name,
      role: account.isSupervisor ? 'supervisor' : 'trainee',
    },
    files: parts,
    missingFiles,
  };
  zip.addJson(RECORD_MANIFEST_PATH, manifest);
  zip.end();
}
