import type {
  Contract,
  ContractList,
  ContractVersion,
} from '../../../../shared/contracts/contract.schema';
import { formatUsDate } from '../../../../shared/logs/time';

/** A status as a badge shows it. */
export type StatusBadge = { label: string; color: string };

type Structure = ContractList['structures'][number];

/** The version being drafted or signed, else the last one signed: the one a contract shows. */
export function currentVersion(contract: Pick<Contract, 'versions'>): ContractVersion | null {
  return contract.versions.reduce<ContractVersion | null>(
    (latest, version) => (latest === null || version.version > latest.version ? version : latest),
    null,
  );
}

/** The names of a version's parties who have not signed it yet. */
export function awaitedSigners(version: ContractVersion): string[] {
  return version.signers.filter((signer) => signer.signature === null).map((s) => s.name);
}

/** "v1 (original)" or "v2 (amendment 1)": how the history names a version. */
export function versionLabel(version: Pick<ContractVersion, 'version'>): string {
  return version.version === 1
    ? 'v1 (original)'
    : `v${version.version} (amendment ${version.version - 1})`;
}

/**
 * Where a contract stands, for its badge: Draft, Awaiting signatures (who), In force since
 * {date}, Ended {date}. An amendment being signed is said beside "In force".
 */
export function contractBadge(contract: Contract): StatusBadge {
  const version = currentVersion(contract);
  const awaited = version ? awaitedSigners(version) : [];
  switch (contract.status) {
    case 'draft':
      return { label: 'Draft', color: 'gray' };
    case 'signing':
      return { label: `Awaiting signatures (${awaited.join(', ')})`, color: 'orange' };
    case 'ended':
      return {
        label: contract.ended_on ? `Ended ${formatUsDate(contract.ended_on)}` : 'Ended',
        color: 'dark',
      };
    case 'in-force':
      return {
        label: contract.starts_on
          ? `In force since ${formatUsDate(contract.starts_on)}`
          : 'In force',
        color: 'green',
      };
  }
}

/**
 * What an amendment waits for, if one is being drafted or signed on a contract in force:
 * "Amendment v2: draft" or "Amendment v2 awaiting signatures (who)".
 */
export function pendingAmendmentText(contract: Contract): string | null {
  const version = currentVersion(contract);
  if (contract.status !== 'in-force' || !version || version.version === 1) return null;
  if (version.is_complete) return null;
  const awaited = awaitedSigners(version);
  return awaited.length === version.signers.length
    ? `Amendment v${version.version}: draft, nobody has signed it yet`
    : `Amendment v${version.version} awaiting signatures (${awaited.join(', ')})`;
}

/** A structure's contract in force or being signed, and its ended ones (newest first). */
export function structureContracts(
  structure: Structure,
  contracts: Contract[],
): { current: Contract | null; ended: Contract[] } {
  const current = contracts.find((contract) => contract.id === structure.contract) ?? null;
  const ended = contracts
    .filter(
      (contract) =>
        contract.structure_key === structure.structure_key &&
        contract.id !== structure.contract &&
        contract.status === 'ended',
    )
    .sort((a, b) => (b.ended_on ?? '').localeCompare(a.ended_on ?? ''));
  return { current, ended };
}

/** A structure's badge: its current contract's, else the last one's end, else No contract. */
export function structureBadge(structure: Structure, contracts: Contract[]): StatusBadge {
  const { current, ended } = structureContracts(structure, contracts);
  if (current) return contractBadge(current);
  const last = ended[0];
  if (last) return contractBadge(last);
  return { label: 'No contract', color: 'red' };
}

/** A signature as the signers list says it: 'Signed by Ana Alder on 3/5/2026'. */
export function signatureText(signature: ContractVersion['signers'][number]['signature']): string {
  return signature
    ? `Signed by ${signature.typed_name} on ${formatUsDate(signature.signed_on)}`
    : 'Not signed yet';
}

type HistoryEvent = Contract['history'][number];

const EVENT_WORDS: Record<HistoryEvent['action'], (version: string) => string> = {
  drafted: (v) => `Drafted ${v}`,
  edited: (v) => `Edited ${v}`,
  signed: (v) => `Signed ${v}`,
  completed: (v) => `${v} signed by everyone`,
  amended: (v) => `Drafted the amendment ${v}`,
  uploaded: (v) => `Uploaded ${v}, signed outside the app`,
  ended: () => 'Ended the contract',
  discarded: () => 'Discarded the draft',
};

/** One line of the contract's history: 'Signed v1 (original) · Dana Supervisor'. */
export function historyText(event: HistoryEvent): string {
  const version = event.version === null ? '' : versionLabel({ version: event.version });
  const what = EVENT_WORDS[event.action](version);
  return event.by ? `${what} · ${event.by}` : what;
}

/** The titles of the elements a version still needs text in, before anyone may sign it. */
export function missingSectionTitles(version: ContractVersion): string[] {
  return version.missing_sections.map(
    (id) => version.sections.find((section) => section.id === id)?.title ?? id,
  );
}
