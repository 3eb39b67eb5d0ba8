import { AppError } from '../../../shared/errors';
import {
  CONTRACT_MESSAGES,
  type Contract,
  type ContractEventAction,
  type ContractList,
} from '../../../shared/contracts/contract.schema';
import { contractTemplate } from '../../../shared/contracts/contract-template';
import { formSubjects, recordName, subjectKey } from '../../../shared/supervisors/form-subject';
import { REQUIRED } from '../../../shared/wire/primitives';
import { todayOf } from '../../clock';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../supervisors';
import { contractEndedMail, contractToSignMail } from './contracts-emails';
import { tellParties } from './contracts-notify';
import { recordEvent } from './contract-events.repository';
import * as repo from './contracts.repository';
import {
  CONTRACT_NOT_FOUND,
  latestVersion,
  loadContract,
  seesStructure,
  startsOn,
  structureOf,
  viewOf,
  whose,
  type ContractsContext,
} from './contract-view';
import { contractStatus, isDiscardable, structureName, toContract } from './contracts.wire';

// The supervision contract's use cases (issue 39): list, draft, amend, end, discard. Editing and
// signing are in contract-signing.service.ts, uploads in contract-upload.service.ts.

export const reload = async (ctx: ContractsContext, id: number): Promise<Contract> =>
  toContract(await loadContract(ctx, id), ctx.actor);

/** The trainee's own; a supervisor names a linked trainee and sees only their structures. */
async function listedTrainee(ctx: ContractsContext, trainee: number | undefined) {
  if (!ctx.actor.isSupervisor) {
    if (trainee !== undefined && trainee !== ctx.actor.id) throw CONTRACT_NOT_FOUND();
    return ctx.actor.id;
  }
  if (trainee === undefined) throw AppError.field('trainee', REQUIRED);
  const mine = await repo.supervisedRecordIds(ctx.db, ctx.actor.id, trainee);
  if (mine.size === 0) throw CONTRACT_NOT_FOUND();
  return trainee;
}

export async function listContracts(
  ctx: ContractsContext & { trainee: number | undefined },
): Promise<ContractList> {
  const traineeId = await listedTrainee(ctx, ctx.trainee);
  const { records, mine } = await structureOf(ctx, traineeId, '');
  const contracts = await repo.listContracts(ctx.db, traineeId);
  const results: Contract[] = [];
  for (const contract of contracts) {
    const structureRecords = records.filter(
      (record) => subjectKey(record) === contract.structureKey,
    );
    if (!seesStructure(ctx.actor, traineeId, structureRecords, mine)) continue;
    const view = await viewOf(ctx.db, contract, { records, structureRecords, mine, canAct: true });
    results.push(toContract(view, ctx.actor));
  }
  const structures: ContractList['structures'] = [];
  for (const subject of formSubjects(records)) {
    const own = results.filter((contract) => contract.structure_key === subject.key);
    const hasContract = contracts.some((contract) => contract.structureKey === subject.key);
    const shown = subject.records.filter((record) => record.accessEndedAt === null || hasContract);
    const first = shown.find((record) => record.accessEndedAt === null) ?? shown[0];
    if (!first || !seesStructure(ctx.actor, traineeId, subject.records, mine)) continue;
    structures.push({
      structure_key: subject.key,
      name: subject.organization || recordName(first),
      organization: subject.organization,
      trainee_supervisor: first.id,
      supervisors: shown.map((record) => ({
        trainee_supervisor: record.id,
        name: recordName(record),
        has_account: record.supervisorUserId !== null && record.accessEndedAt === null,
      })),
      contract: own.find((contract) => contract.status !== 'ended')?.id ?? null,
    });
  }
  return { results, structures };
}

export async function getContract(ctx: ContractsContext & { id: number }): Promise<Contract> {
  return toContract(await loadContract(ctx, ctx.id, 'read'), ctx.actor);
}

/** The structure of a record the caller may draft for, with the records that must sign. */
async function draftableStructure(ctx: ContractsContext, recordId: number) {
  const record = await repo.findRecord(ctx.db, recordId);
  if (!record) throw CONTRACT_NOT_FOUND();
  const key = subjectKey(record);
  const structure = await structureOf(ctx, record.traineeId, key);
  if (!seesStructure(ctx.actor, record.traineeId, structure.structureRecords, structure.mine))
    throw CONTRACT_NOT_FOUND();
  const signing = structure.structureRecords.filter((item) => item.accessEndedAt === null);
  if (signing.length === 0)
    throw AppError.field('trainee_supervisor', CONTRACT_MESSAGES.supervisorsRequired);
  return { record, key, signing, ...structure };
}

/** Version 1, from the template, with one unsigned row per party (decision: all must sign). */
export async function draftContract(
  ctx: ContractsContext & { recordId: number },
): Promise<Contract> {
  const structure = await draftableStructure(ctx, ctx.recordId);
  const traineeId = structure.record.traineeId;
  const trainee = await repo.findPerson(ctx.db, traineeId);
  if (!trainee) throw CONTRACT_NOT_FOUND();
  const template = contractTemplate({
    traineeName: trainee.name,
    supervisorNames: structure.signing.map(recordName),
    organization: structure.organization,
  });
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findLiveOfStructure(tx, traineeId, structure.key))
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadyExists);
    const contractId = await repo.insertContract(tx, {
      traineeId,
      traineeSupervisorId: structure.record.id,
      structureKey: structure.key,
      organization: structure.organization,
      createdBy: ctx.actor.id,
      createdAt: ctx.now,
    });
    const versionId = await repo.insertVersion(tx, {
      contractId,
      traineeId,
      version: 1,
      source: 'app',
      title: template.title,
      sections: template.sections,
      createdBy: ctx.actor.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await repo.insertParties(
      tx,
      { id: versionId, traineeId },
      structure.signing.map((item) => item.id),
    );
    await record(tx, ctx, { contractId, traineeId }, 1, 'drafted');
    const name = structure.organization || recordName(structure.record);
    await tellParties(tx, ctx, { trainee, structureRecords: structure.signing }, (to) =>
      contractToSignMail({ ...to, byName: ctx.actor.name, structureName: name, version: 1 }),
    );
    return contractId;
  });
  return reload(ctx, id);
}

export function record(
  tx: Db,
  ctx: ContractsContext,
  contract: { contractId: number; traineeId: number },
  version: number | null,
  action: ContractEventAction,
  details?: Record<string, unknown>,
) {
  return recordEvent(tx, {
    ...contract,
    version,
    action,
    actorId: ctx.actor.id,
    at: ctx.now,
    ...(details ? { details } : {}),
  });
}

/** "each amendment must be signed and dated by all relevant parties": a new version, all sign. */
export async function amendContract(ctx: ContractsContext & { id: number }): Promise<Contract> {
  const view = await loadContract(ctx, ctx.id);
  if (contractStatus(view) === 'ended')
    throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadyEnded);
  if (contractStatus(view) !== 'in-force')
    throw new AppError('CONFLICT', CONTRACT_MESSAGES.notSigned);
  const latest = latestVersion(view);
  if (!latest || latest.completedOn === null)
    throw new AppError('CONFLICT', CONTRACT_MESSAGES.amendmentPending);
  const signing = view.structureRecords.filter((item) => item.accessEndedAt === null);
  if (signing.length === 0) throw new AppError('CONFLICT', CONTRACT_MESSAGES.supervisorsRequired);
  // An upload keeps no text: the amendment starts from the template, for today's supervisors.
  const base =
    latest.source === 'app'
      ? { title: latest.title, sections: latest.sections }
      : contractTemplate({
          traineeName: view.trainee.name,
          supervisorNames: signing.map(recordName),
          organization: view.contract.organization,
        });
  const next = latest.version + 1;
  try {
    await ctx.db.transaction(async (tx) => {
      const versions = await repo.versionsOf(tx, view.contract.id);
      if (versions[versions.length - 1]?.id !== latest.id)
        throw new AppError('CONFLICT', CONTRACT_MESSAGES.amendmentPending);
      const versionId = await repo.insertVersion(tx, {
        contractId: view.contract.id,
        traineeId: view.contract.traineeId,
        version: next,
        source: 'app',
        title: base.title,
        sections: base.sections,
        createdBy: ctx.actor.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      await repo.insertParties(
        tx,
        { id: versionId, traineeId: view.contract.traineeId },
        signing.map((item) => item.id),
      );
      await record(tx, ctx, whose(view), next, 'amended');
      await tellParties(tx, ctx, { ...view, structureRecords: signing }, (to) =>
        contractToSignMail({
          ...to,
          byName: ctx.actor.name,
          structureName: structureName(view),
          version: next,
        }),
      );
    });
  } catch (error) {
    // Two amendments at once: the version number is unique, one of them wins.
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.amendmentPending);
    throw error;
  }
  return reload(ctx, view.contract.id);
}

/** Either party ends it: hours dated after `ended_on` need a new contract. */
export async function endContract(
  ctx: ContractsContext & { id: number; endedOn: string; reason: string },
): Promise<Contract> {
  const view = await loadContract(ctx, ctx.id);
  if (view.contract.endedOn !== null)
    throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadyEnded);
  const starts = startsOn(view);
  if (starts === null) throw new AppError('CONFLICT', CONTRACT_MESSAGES.notSigned);
  if (ctx.endedOn < starts) throw AppError.field('ended_on', CONTRACT_MESSAGES.endBeforeStart);
  if (ctx.endedOn > todayOf(ctx.actor, ctx.now))
    throw AppError.field('ended_on', CONTRACT_MESSAGES.endedOnFuture);
  await ctx.db.transaction(async (tx) => {
    const ended = await repo.endContract(tx, view.contract.id, {
      endedOn: ctx.endedOn,
      reason: ctx.reason,
      by: ctx.actor.id,
      at: ctx.now,
    });
    if (!ended) throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadyEnded);
    await record(tx, ctx, whose(view), null, 'ended', { ended_on: ctx.endedOn });
    await tellParties(tx, ctx, view, (to) =>
      contractEndedMail({
        ...to,
        byName: ctx.actor.name,
        structureName: structureName(view),
        endedOn: ctx.endedOn,
        reason: ctx.reason,
      }),
    );
  });
  return reload(ctx, view.contract.id);
}

/** A draft nobody signed leaves the lists; its rows stay for the history. */
export async function discardContract(ctx: ContractsContext & { id: number }): Promise<void> {
  const view = await loadContract(ctx, ctx.id);
  if (!isDiscardable(view)) throw new AppError('CONFLICT', CONTRACT_MESSAGES.notDiscardable);
  await ctx.db.transaction(async (tx) => {
    // A signature that landed since the view was read keeps the draft.
    const first = await repo.lockVersion(tx, view.contract.id, 1);
    const signed = await repo.signaturesOf(tx, first ? [first.id] : []);
    if (signed.some((signature) => signature.signedAt !== null))
      throw new AppError('CONFLICT', CONTRACT_MESSAGES.notDiscardable);
    await repo.discard(tx, view.contract.id, ctx.now);
    await record(tx, ctx, whose(view), null, 'discarded');
  });
}
