import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import {
  CONTRACT_INTENT,
  CONTRACT_MESSAGES,
  type Contract,
} from '../../../shared/contracts/contract.schema';
import { recordName } from '../../../shared/supervisors/form-subject';
import { todayOf } from '../../clock';
import type { Db } from '../../db/client';
import { contractFileName, renderContractPdf } from './contract-pdf';
import { contractCompleteMail } from './contracts-emails';
import { tellParties } from './contracts-notify';
import * as repo from './contracts.repository';
import { record, reload } from './contracts.service';
import {
  CONTRACT_NOT_FOUND,
  loadContract,
  signaturesOfVersion,
  versionOf,
  whose,
  type ContractsContext,
  type ContractView,
} from './contract-view';
import {
  isCallerParty,
  isEditable,
  isOpenForSigning,
  missingSections,
  structureName,
} from './contracts.wire';

// Editing and signing a version in the app (issue 39): the text may change until the first
// signature; each signature names the revision it read; the last one makes the PDF.

/** Here, beside its one writer: `contracts/` is no folder the storage sweep owns. */
export const contractFileKey = (traineeId: number, ext: string) =>
  `contracts/${traineeId}/${randomUUID()}.${ext}`;

export async function editVersion(
  ctx: ContractsContext & {
    id: number;
    version: number;
    edit: { title: string; sections: { id: string; body: string }[]; revision: number };
  },
): Promise<Contract> {
  const view = await loadContract(ctx, ctx.id);
  const version = versionOf(view, ctx.version);
  if (!isEditable(view, version)) throw new AppError('CONFLICT', CONTRACT_MESSAGES.notEditable);
  const ids = new Set(version.sections.map((section) => section.id));
  const sent = new Set<string>();
  for (const section of ctx.edit.sections) {
    if (!ids.has(section.id) || sent.has(section.id))
      throw AppError.field('sections', CONTRACT_MESSAGES.unknownSection);
    sent.add(section.id);
  }
  const bodies = new Map(ctx.edit.sections.map((section) => [section.id, section.body]));
  const sections = version.sections.map((section) => ({
    ...section,
    body: bodies.get(section.id) ?? section.body,
  }));
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockVersion(tx, view.contract.id, version.version);
    if (!current) throw CONTRACT_NOT_FOUND();
    if (current.revision !== ctx.edit.revision)
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.changedSinceRead);
    const signatures = await repo.signaturesOf(tx, [current.id]);
    if (signatures.some((signature) => signature.signedAt !== null))
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.notEditable);
    await repo.updateText(tx, current.id, { title: ctx.edit.title, sections, now: ctx.now });
    await record(tx, ctx, whose(view), version.version, 'edited', {
      revision: current.revision + 1,
    });
  });
  return reload(ctx, view.contract.id);
}

/** The caller's unsigned row on the version, or why they cannot sign it. */
function callersRow(ctx: ContractsContext, view: ContractView, versionId: number) {
  const rows = signaturesOfVersion(view, versionId).filter((signature) =>
    isCallerParty(view, ctx.actor, signature),
  );
  if (rows.length === 0) throw new AppError('FORBIDDEN', CONTRACT_MESSAGES.notASigner);
  const unsigned = rows.find((signature) => signature.signedAt === null);
  if (!unsigned) throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadySigned);
  return unsigned;
}

export async function signVersion(
  ctx: ContractsContext & {
    id: number;
    version: number;
    signature: { full_name: string; revision: number };
  },
): Promise<Contract> {
  const view = await loadContract(ctx, ctx.id);
  const version = versionOf(view, ctx.version);
  if (!isOpenForSigning(view, version))
    throw new AppError(
      'CONFLICT',
      view.contract.endedOn !== null ? CONTRACT_MESSAGES.alreadyEnded : CONTRACT_MESSAGES.notOpen,
    );
  const row = callersRow(ctx, view, version.id);
  if (missingSections(view, version).length > 0)
    throw AppError.field('sections', CONTRACT_MESSAGES.sectionRequired);
  const signedOn = todayOf(ctx.actor, ctx.now);
  // The PDF is stored before the transaction commits: removed again if it does not.
  const stored: { key?: string } = {};
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await repo.lockVersion(tx, view.contract.id, version.version);
      if (!current) throw CONTRACT_NOT_FOUND();
      if (current.revision !== ctx.signature.revision)
        throw new AppError('CONFLICT', CONTRACT_MESSAGES.changedSinceRead);
      if (current.completedOn !== null) throw new AppError('CONFLICT', CONTRACT_MESSAGES.notOpen);
      const before = await repo.signaturesOf(tx, [current.id]);
      if (before.find((item) => item.id === row.id)?.signedAt !== null)
        throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadySigned);
      const signed = {
        userId: ctx.actor.id,
        typedName: ctx.signature.full_name,
        signedOn,
        intent: CONTRACT_INTENT,
        revision: current.revision,
        at: ctx.now,
      };
      await repo.sign(tx, row.id, signed);
      await record(tx, ctx, whose(view), current.version, 'signed', {
        revision: current.revision,
      });
      const after = before.map((item) =>
        item.id === row.id
          ? { ...item, ...signed, signedRevision: signed.revision, signedAt: ctx.now }
          : item,
      );
      if (after.some((item) => item.signedAt === null)) return;
      // The last signature's date; never before any other party's (they may sign in other zones).
      const completedOn =
        after
          .map((item) => item.signedOn ?? signedOn)
          .sort()
          .pop() ?? signedOn;
      await completeWithPdf(tx, ctx, {
        view,
        version: current,
        signatures: after,
        completedOn,
        stored,
      });
    });
  } catch (error) {
    if (stored.key) await ctx.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
  return reload(ctx, view.contract.id);
}

/** The last signature: the PDF of what everyone signed, stored and hashed, and everyone told. */
async function completeWithPdf(
  tx: Db,
  ctx: ContractsContext,
  done: {
    view: ContractView;
    version: repo.VersionRow;
    signatures: repo.SignatureRow[];
    completedOn: string;
    stored: { key?: string };
  },
): Promise<void> {
  const { view, version, signatures, completedOn } = done;
  const pdf = await renderContractPdf({
    contractId: view.contract.id,
    title: version.title,
    version: version.version,
    traineeName: view.trainee.name,
    structureName: structureName(view),
    sections: version.sections,
    completedOn,
    signers: signatures.map((signature) => {
      const record = view.recordsById.get(signature.traineeSupervisorId ?? 0);
      return {
        role: signature.party === 'trainee' ? 'Trainee' : 'Supervisor',
        name: signature.party === 'trainee' ? view.trainee.name : record ? recordName(record) : '',
        typedName: signature.typedName ?? '',
        signedOn: signature.signedOn ?? completedOn,
        signedAt: signature.signedAt ?? ctx.now,
      };
    }),
  });
  const bytes = Buffer.from(pdf);
  const key = contractFileKey(view.contract.traineeId, 'pdf');
  done.stored.key = key;
  await ctx.storage.put(key, Readable.from([bytes]), { contentType: 'application/pdf' });
  await repo.completeVersion(tx, version.id, {
    completedOn,
    storageKey: key,
    fileName: contractFileName(view.contract.id, version.version),
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    now: ctx.now,
  });
  await record(tx, ctx, whose(view), version.version, 'completed', { completed_on: completedOn });
  await tellParties(tx, ctx, view, (to) =>
    contractCompleteMail({
      ...to,
      structureName: structureName(view),
      version: version.version,
      completedOn,
    }),
  );
}

/** The signed PDF or the uploaded file of a version, to stream. */
export async function versionDocument(ctx: ContractsContext & { id: number; version: number }) {
  const view = await loadContract(ctx, ctx.id, 'read');
  const version = versionOf(view, ctx.version);
  if (!version.storageKey) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.noDocument);
  const body = await ctx.storage.get(version.storageKey);
  if (!body) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.noDocument);
  return {
    body,
    fileName: version.fileName ?? contractFileName(view.contract.id, version.version),
    contentType: version.contentType ?? 'application/pdf',
  };
}
