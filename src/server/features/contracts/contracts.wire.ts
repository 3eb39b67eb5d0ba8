import {
  CONTRACT_MESSAGES,
  type Contract,
  type ContractVersion,
} from '../../../shared/contracts/contract.schema';
import { contractSectionsMissing } from '../../../shared/contracts/contract-template';
import { recordName } from '../../../shared/supervisors/form-subject';
import { trainingFlagForContract } from '../../../shared/supervisors/qualification';
import type { Actor } from '../../plugins/auth';
import {
  isOrganizationContract,
  latestVersion,
  signaturesOfVersion,
  startsOn,
  type ContractView,
} from './contract-view';
import type { RecordRow, SignatureRow, VersionRow } from './contracts.repository';

// The contract as the wire says (contract.schema.ts), and the states its can_* flags come from.

export const documentPath = (contractId: number, version: number) =>
  `/api/v1/contracts/${contractId}/versions/${version}/document/`;

/** The structure as people read it: the organization, or the contract's supervisor. */
export function structureName(view: ContractView): string {
  if (view.contract.organization !== '') return view.contract.organization;
  const record = view.recordsById.get(view.contract.traineeSupervisorId);
  return record ? recordName(record) : '';
}

/** A version still being signed: the latest, drafted in the app, not complete, contract open. */
export function isOpenForSigning(view: ContractView, version: VersionRow): boolean {
  return (
    view.contract.endedOn === null &&
    version.source === 'app' &&
    version.completedOn === null &&
    latestVersion(view)?.id === version.id
  );
}

/** Editable while nobody has signed it. */
export function isEditable(view: ContractView, version: VersionRow): boolean {
  return (
    isOpenForSigning(view, version) &&
    signaturesOfVersion(view, version.id).every((signature) => signature.signedAt === null)
  );
}

export const missingSections = (view: ContractView, version: VersionRow) =>
  version.source === 'upload'
    ? []
    : contractSectionsMissing(version.sections, isOrganizationContract(view.contract));

/** Whether the caller is this party (a supervisor through a record they supervise). */
export function isCallerParty(view: ContractView, actor: Actor, signature: SignatureRow) {
  if (signature.party === 'trainee') return !actor.isSupervisor && actor.id === view.trainee.id;
  return signature.traineeSupervisorId !== null && view.mine.has(signature.traineeSupervisorId);
}

const hasAccount = (record: RecordRow | undefined) =>
  record !== undefined && record.supervisorUserId !== null && record.accessEndedAt === null;

function signerOf(view: ContractView, actor: Actor, version: VersionRow, signature: SignatureRow) {
  const record =
    signature.traineeSupervisorId === null
      ? undefined
      : view.recordsById.get(signature.traineeSupervisorId);
  const canSign =
    signature.signedAt === null &&
    isOpenForSigning(view, version) &&
    missingSections(view, version).length === 0 &&
    isCallerParty(view, actor, signature);
  return {
    party: signature.party,
    trainee_supervisor: signature.traineeSupervisorId,
    name: signature.party === 'trainee' ? view.trainee.name : record ? recordName(record) : '',
    has_account: signature.party === 'trainee' || hasAccount(record),
    signature:
      signature.signedAt && signature.typedName && signature.signedOn
        ? {
            typed_name: signature.typedName,
            signed_on: signature.signedOn,
            signed_at: signature.signedAt.toISOString(),
          }
        : null,
    can_sign: canSign,
  };
}

function versionOf(view: ContractView, actor: Actor, version: VersionRow): ContractVersion {
  return {
    version: version.version,
    source: version.source,
    title: version.title,
    sections: version.sections,
    revision: version.revision,
    signers: signaturesOfVersion(view, version.id).map((signature) =>
      signerOf(view, actor, version, signature),
    ),
    is_complete: version.completedOn !== null,
    completed_on: version.completedOn,
    declared_signers: version.declaredSigners ?? [],
    document: version.storageKey ? documentPath(view.contract.id, version.version) : null,
    file_name: version.fileName,
    sha256: version.sha256,
    created_at: version.createdAt.toISOString(),
    missing_sections: missingSections(view, version),
    amends: version.version > 1 ? version.version - 1 : null,
  };
}

/**
 * The 8-hour training "before signing a supervision contract" (Handbook, "Supervisor
 * Qualifications"), read against each supervisor's first signature of it (an upload's date for
 * the accounts of its structure), and who still cannot sign for want of an account.
 */
function flagsOf(view: ContractView): Contract['flags'] {
  const firstSigned = new Map<number, { name: string; on: string }>();
  const note = (userId: number, name: string, on: string) => {
    const known = firstSigned.get(userId);
    if (!known || on < known.on) firstSigned.set(userId, { name, on });
  };
  for (const version of view.versions) {
    if (version.completedOn === null) continue;
    if (version.source === 'upload') {
      for (const record of view.structureRecords) {
        if (record.supervisorUserId !== null)
          note(record.supervisorUserId, recordName(record), version.completedOn);
      }
      continue;
    }
    for (const signature of signaturesOfVersion(view, version.id)) {
      const record = view.recordsById.get(signature.traineeSupervisorId ?? 0);
      if (signature.party === 'supervisor' && signature.userId !== null && signature.signedOn)
        note(signature.userId, record ? recordName(record) : '', signature.signedOn);
    }
  }
  const flags: Contract['flags'] = [];
  for (const [userId, { name, on }] of firstSigned) {
    const trainingCompletedOn = view.training.get(userId) ?? null;
    const flag = trainingFlagForContract({ name, trainingCompletedOn }, on);
    if (flag) flags.push(flag);
  }
  const latest = latestVersion(view);
  if (latest && view.contract.endedOn === null && latest.source === 'app') {
    const parties = new Set(signaturesOfVersion(view, latest.id).map((s) => s.traineeSupervisorId));
    for (const record of view.structureRecords) {
      if (record.accessEndedAt === null && !parties.has(record.id))
        flags.push({
          code: 'not-a-party',
          message: CONTRACT_MESSAGES.notAParty(recordName(record), latest.version),
        });
    }
  }
  const pending = latest;
  if (pending && isOpenForSigning(view, pending)) {
    for (const signature of signaturesOfVersion(view, pending.id)) {
      const record = view.recordsById.get(signature.traineeSupervisorId ?? 0);
      if (signature.party === 'supervisor' && signature.signedAt === null && !hasAccount(record))
        flags.push({
          code: 'no-account',
          message: `${record ? recordName(record) : 'A supervisor'} cannot sign in the app. ${CONTRACT_MESSAGES.noAccount}`,
        });
    }
  }
  return flags;
}

export function contractStatus(view: ContractView): Contract['status'] {
  if (view.contract.endedOn !== null) return 'ended';
  if (view.versions.some((version) => version.completedOn !== null)) return 'in-force';
  return view.signatures.some((signature) => signature.signedAt !== null) ? 'signing' : 'draft';
}

/** Nothing signed and nothing but the first draft: it may be discarded. */
export const isDiscardable = (view: ContractView) =>
  contractStatus(view) === 'draft' &&
  view.versions.length === 1 &&
  view.versions[0]?.source === 'app';

export function toContract(view: ContractView, actor: Actor): Contract {
  const { contract } = view;
  const status = contractStatus(view);
  const latest = latestVersion(view);
  const isInForce = status === 'in-force';
  return {
    id: contract.id,
    user: contract.traineeId,
    trainee_name: view.trainee.name,
    trainee_supervisor: contract.traineeSupervisorId,
    structure_key: contract.structureKey,
    name: structureName(view),
    organization: contract.organization,
    status,
    starts_on: startsOn(view),
    ended_on: contract.endedOn,
    ended_reason: contract.endedReason,
    versions: view.versions.map((version) => versionOf(view, actor, version)),
    flags: flagsOf(view),
    can_edit: view.canAct && latest !== undefined && isEditable(view, latest),
    can_amend: view.canAct && isInForce && latest?.completedOn !== null,
    can_end: view.canAct && isInForce,
    can_discard: view.canAct && isDiscardable(view),
    created_at: contract.createdAt.toISOString(),
    history: view.events.map((event) => ({
      action: event.action,
      version: event.version,
      by: event.actorName,
      at: event.createdAt.toISOString(),
    })),
  };
}
