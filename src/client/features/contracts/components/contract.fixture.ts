import type { Contract, ContractVersion } from '../../../../shared/contracts/contract.schema';

type Signer = ContractVersion['signers'][number];

/** A party of a version, unsigned unless `signed_on` is given. */
export const createSigner = (
  name: string,
  party: Signer['party'],
  signedOn: string | null = null,
): Signer => ({
  party,
  trainee_supervisor: party === 'trainee' ? null : 4,
  name,
  has_account: true,
  signature: signedOn
    ? { typed_name: name, signed_on: signedOn, signed_at: `${signedOn}T15:00:00Z` }
    : null,
  can_sign: false,
});

/** A version as the API answers it: Tara and Dana's, drafted in the app, nobody signed. */
export const createVersion = (overrides: Partial<ContractVersion> = {}): ContractVersion => ({
  version: 1,
  source: 'app',
  title: 'Supervision contract',
  sections: [{ id: 'responsibilities', title: 'Responsibilities', body: 'Both parties…' }],
  revision: 1,
  signers: [createSigner('Tara Trainee', 'trainee'), createSigner('Dana Supervisor', 'supervisor')],
  is_complete: false,
  completed_on: null,
  declared_signers: [],
  document: null,
  file_name: null,
  sha256: null,
  created_at: '2026-03-01T15:00:00Z',
  missing_sections: [],
  amends: null,
  ...overrides,
});

/** A contract as GET /api/v1/contracts/{id}/ answers it: a draft with Dana Supervisor. */
export const createContract = (overrides: Partial<Contract> = {}): Contract => ({
  id: 7,
  user: 3,
  trainee_name: 'Tara Trainee',
  trainee_supervisor: 4,
  structure_key: 'r4',
  name: 'Dana Supervisor',
  organization: '',
  status: 'draft',
  starts_on: null,
  ended_on: null,
  ended_reason: null,
  versions: [createVersion()],
  flags: [],
  can_edit: true,
  can_amend: false,
  can_end: false,
  can_discard: true,
  created_at: '2026-03-01T15:00:00Z',
  history: [],
  ...overrides,
});
