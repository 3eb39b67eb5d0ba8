import { AppError } from '../../../shared/errors';
import { CONTRACT_MESSAGES } from '../../../shared/contracts/contract.schema';
import {
  formSubjects,
  isOrganizationKey,
  subjectKey,
} from '../../../shared/supervisors/form-subject';
import type { Mailer } from '../../adapters/mail/mailer';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { eventsOf, type EventRow } from './contract-events.repository';
import * as repo from './contracts.repository';

// Who may see a contract (issue 39): its trainee, and any supervisor account linked (access not
// ended, trainee not removed) to a record of its structure. Everyone else gets the same 404.

export type ContractsContext = {
  db: Db;
  storage: StoragePort;
  mailer: Mailer;
  appUrl: string;
  actor: Actor;
  now: Date;
};

export const CONTRACT_NOT_FOUND = () => new AppError('NOT_FOUND', CONTRACT_MESSAGES.notFound);

export type Person = NonNullable<Awaited<ReturnType<typeof repo.findPerson>>>;

/** Everything a contract's answer and its rules read, loaded once. */
export type ContractView = {
  contract: repo.ContractRow;
  trainee: Person;
  /** The structure's records (today's), in id order. */
  structureRecords: repo.RecordRow[];
  /** The records the caller supervises (none for the trainee). */
  mine: Set<number>;
  /** A party of today's structure; false for a former supervisor who only reads what they signed. */
  canAct: boolean;
  versions: repo.VersionRow[];
  signatures: repo.SignatureRow[];
  events: EventRow[];
  training: Map<number, string | null>;
  /** Records named by signatures that have since left the structure, for their names. */
  recordsById: Map<number, repo.RecordRow>;
};

export const isOrganizationContract = (contract: repo.ContractRow) =>
  isOrganizationKey(contract.structureKey);

/** The records of the trainee's structure `key`, and the ones the caller may act through. */
export async function structureOf(ctx: ContractsContext, traineeId: number, key: string) {
  const records = await repo.recordsOf(ctx.db, traineeId);
  const mine = ctx.actor.isSupervisor
    ? await repo.supervisedRecordIds(ctx.db, ctx.actor.id, traineeId)
    : new Set<number>();
  return {
    records,
    structureRecords: records.filter((record) => subjectKey(record) === key),
    mine,
    /** As its earliest record spells it; '' for an individual supervisor. */
    organization: formSubjects(records).find((subject) => subject.key === key)?.organization ?? '',
  };
}

/** The contract a history row or a mail is about. */
export const whose = (view: Pick<ContractView, 'contract'>) => ({
  contractId: view.contract.id,
  traineeId: view.contract.traineeId,
});

/** The caller sees the structure: its trainee, or a supervisor of one of its records. */
export function seesStructure(
  actor: Actor,
  traineeId: number,
  structureRecords: readonly repo.RecordRow[],
  mine: ReadonlySet<number>,
): boolean {
  if (!actor.isSupervisor) return actor.id === traineeId;
  return structureRecords.some((record) => mine.has(record.id));
}

/**
 * To `read`, a supervisor who signed it keeps the contract after losing the trainee (as with
 * forms, issue 27: they must "retain a copy of the contract … for at least seven years"), and
 * may do nothing else with it.
 */
export async function loadContract(
  ctx: ContractsContext,
  id: number,
  purpose: 'read' | 'act' = 'act',
): Promise<ContractView> {
  const contract = await repo.findContract(ctx.db, id);
  if (!contract) throw CONTRACT_NOT_FOUND();
  if (!ctx.actor.isSupervisor && contract.traineeId !== ctx.actor.id) throw CONTRACT_NOT_FOUND();
  const { records, structureRecords, mine } = await structureOf(
    ctx,
    contract.traineeId,
    contract.structureKey,
  );
  const canAct = seesStructure(ctx.actor, contract.traineeId, structureRecords, mine);
  const hasSigned =
    !canAct && purpose === 'read' && (await repo.hasSigned(ctx.db, contract.id, ctx.actor.id));
  if (!canAct && !hasSigned) throw CONTRACT_NOT_FOUND();
  return viewOf(ctx.db, contract, { records, structureRecords, mine, canAct });
}

/** The view of a contract already known visible (the list reads the structure once). */
export async function viewOf(
  db: Db,
  contract: repo.ContractRow,
  structure: {
    records: repo.RecordRow[];
    structureRecords: repo.RecordRow[];
    mine: Set<number>;
    canAct: boolean;
  },
): Promise<ContractView> {
  const trainee = await repo.findPerson(db, contract.traineeId);
  if (!trainee) throw CONTRACT_NOT_FOUND();
  const versions = await repo.versionsOf(db, contract.id);
  const signatures = await repo.signaturesOf(
    db,
    versions.map((version) => version.id),
  );
  const accounts = new Set<number>();
  for (const record of structure.structureRecords) {
    if (record.supervisorUserId !== null) accounts.add(record.supervisorUserId);
  }
  for (const signature of signatures) {
    if (signature.party === 'supervisor' && signature.userId !== null)
      accounts.add(signature.userId);
  }
  return {
    contract,
    trainee,
    structureRecords: structure.structureRecords,
    mine: structure.mine,
    canAct: structure.canAct,
    versions,
    signatures,
    events: await eventsOf(db, contract.id),
    training: await repo.trainingDates(db, [...accounts]),
    recordsById: new Map(structure.records.map((record) => [record.id, record])),
  };
}

/** The version `n` of the contract, or 404. */
export function versionOf(view: ContractView, n: number): repo.VersionRow {
  const version = view.versions.find((item) => item.version === n);
  if (!version) throw CONTRACT_NOT_FOUND();
  return version;
}

export const latestVersion = (view: ContractView): repo.VersionRow | undefined =>
  view.versions[view.versions.length - 1];

export const signaturesOfVersion = (view: ContractView, versionId: number) =>
  view.signatures.filter((signature) => signature.versionId === versionId);

/** The day the original was complete: hours count from it (start-of-fieldwork.ts). */
export function startsOn(view: ContractView): string | null {
  const dates = view.versions
    .map((version) => version.completedOn)
    .filter((date): date is string => date !== null)
    .sort();
  return dates[0] ?? null;
}
