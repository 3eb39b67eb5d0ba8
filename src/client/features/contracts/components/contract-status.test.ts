import { describe, expect, it } from 'vitest';
import { createContract, createSigner, createVersion } from './contract.fixture';
import {
  contractBadge,
  currentVersion,
  historyText,
  missingSectionTitles,
  pendingAmendmentText,
  signatureText,
  structureBadge,
  structureContracts,
  versionLabel,
} from './contract-status';

const signedV1 = createVersion({
  is_complete: true,
  completed_on: '2026-03-05',
  signers: [
    createSigner('Tara Trainee', 'trainee', '2026-03-04'),
    createSigner('Dana Supervisor', 'supervisor', '2026-03-05'),
  ],
});

const structure = {
  structure_key: 'r4',
  name: 'Dana Supervisor',
  organization: '',
  trainee_supervisor: 4,
  supervisors: [{ trainee_supervisor: 4, name: 'Dana Supervisor', has_account: true }],
  contract: 7 as number | null,
};

describe('the contract badge (Handbook, "Supervision Contract": signed by all parties)', () => {
  it.each([
    [createContract(), 'Draft'],
    [
      createContract({
        status: 'signing',
        versions: [
          createVersion({
            signers: [
              createSigner('Tara Trainee', 'trainee', '2026-03-04'),
              createSigner('Dana Supervisor', 'supervisor'),
            ],
          }),
        ],
      }),
      'Awaiting signatures (Dana Supervisor)',
    ],
    [
      createContract({ status: 'in-force', starts_on: '2026-03-05', versions: [signedV1] }),
      'In force since 3/5/2026',
    ],
    [
      createContract({ status: 'ended', starts_on: '2026-03-05', ended_on: '2026-06-30' }),
      'Ended 6/30/2026',
    ],
  ])('says where the contract stands (%#)', (contract, label) => {
    expect(contractBadge(contract).label).toBe(label);
  });
});

describe('versions (Handbook: "each amendment must be signed and dated by all relevant parties")', () => {
  const amendment = createVersion({
    version: 2,
    signers: [
      createSigner('Tara Trainee', 'trainee', '2026-05-02'),
      createSigner('Dana Supervisor', 'supervisor'),
    ],
  });
  const amended = createContract({
    status: 'in-force',
    starts_on: '2026-03-05',
    versions: [signedV1, amendment],
  });

  it('shows the newest version, an amendment being signed before the original', () => {
    expect(currentVersion(amended)?.version).toBe(2);
  });

  it('names the original and each amendment', () => {
    expect(versionLabel(signedV1)).toBe('v1 (original)');
    expect(versionLabel(amendment)).toBe('v2 (amendment 1)');
  });

  it('says whose signature an amendment waits for, while the original stays in force', () => {
    expect(contractBadge(amended).label).toBe('In force since 3/5/2026');
    expect(pendingAmendmentText(amended)).toBe(
      'Amendment v2 awaiting signatures (Dana Supervisor)',
    );
  });

  it('says an amendment nobody signed is a draft, and nothing once all signed it', () => {
    const draft = createVersion({ version: 2 });
    expect(pendingAmendmentText({ ...amended, versions: [signedV1, draft] })).toBe(
      'Amendment v2: draft, nobody has signed it yet',
    );
    expect(pendingAmendmentText({ ...amended, versions: [signedV1] })).toBeNull();
  });
});

describe('a structure card: hours after the end need a new contract', () => {
  const ended = createContract({
    id: 5,
    status: 'ended',
    starts_on: '2025-01-10',
    ended_on: '2025-12-31',
  });

  it('has no contract until one is drafted', () => {
    expect(structureBadge({ ...structure, contract: null }, [])).toEqual({
      label: 'No contract',
      color: 'red',
    });
  });

  it('shows the last contract’s end while no new one is drafted', () => {
    expect(structureBadge({ ...structure, contract: null }, [ended]).label).toBe(
      'Ended 12/31/2025',
    );
  });

  it('shows the current contract, with the ended one kept beside it', () => {
    const current = createContract();
    expect(structureContracts(structure, [ended, current])).toEqual({
      current,
      ended: [ended],
    });
    expect(structureBadge(structure, [ended, current]).label).toBe('Draft');
  });

  it('keeps another structure’s contracts off the card', () => {
    const other = { ...ended, structure_key: 'o:acme' };
    expect(structureContracts({ ...structure, contract: null }, [other]).ended).toEqual([]);
  });
});

describe('the signers list', () => {
  it('says who signed, with the typed name and the date, or that nobody has yet', () => {
    expect(signatureText(signedV1.signers[1]?.signature ?? null)).toBe(
      'Signed by Dana Supervisor on 3/5/2026',
    );
    expect(signatureText(null)).toBe('Not signed yet');
  });
});

describe('the history kept with the contract', () => {
  it.each([
    [{ action: 'drafted', version: 1, by: 'Tara Trainee' }, 'Drafted v1 (original) · Tara Trainee'],
    [{ action: 'completed', version: 2, by: null }, 'v2 (amendment 1) signed by everyone'],
    [
      { action: 'ended', version: null, by: 'Dana Supervisor' },
      'Ended the contract · Dana Supervisor',
    ],
  ] as const)('says who did what to which version (%#)', (event, text) => {
    expect(historyText({ ...event, at: '2026-03-01T15:00:00Z' })).toBe(text);
  });
});

describe('every element needs its text before signing (Handbook: "The contract should include")', () => {
  it('names the elements still empty', () => {
    const version = createVersion({
      sections: [
        { id: 'parties', title: 'Parties and supervision structure', body: 'Tara and Dana' },
        { id: 'activities', title: 'Activities and training objectives', body: '' },
      ],
      missing_sections: ['activities'],
    });
    expect(missingSectionTitles(version)).toEqual(['Activities and training objectives']);
  });
});
