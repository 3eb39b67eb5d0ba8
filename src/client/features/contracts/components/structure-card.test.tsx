import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '../../../../shared/contracts/contract.schema';
import { createContract } from './contract.fixture';
import { StructureCard, type StructureCardActions } from './structure-card';

/*
 * BCBA Handbook, "Supervision Contract": one contract per supervision structure ("if there are
 * multiple supervisors at one organization, a single contract may be used … All parties are
 * required to sign"), and hours after a contract's end need a new one.
 */

const acme = {
  structure_key: 'o:acme aba',
  name: 'Acme ABA',
  organization: 'Acme ABA',
  trainee_supervisor: 4,
  supervisors: [
    { trainee_supervisor: 4, name: 'Dana Reyes', has_account: true },
    { trainee_supervisor: 5, name: 'Ana Alder', has_account: false },
  ],
  contract: null as number | null,
};

const trainee: StructureCardActions = {
  contractPath: (id) => `/student/contracts/${id}`,
  onDraft: () => undefined,
  onUpload: () => undefined,
};

function render(
  structure: typeof acme,
  contracts = [createContract()],
  actions: StructureCardActions = trainee,
) {
  return renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <StructureCard structure={structure} contracts={contracts} actions={actions} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('a supervision structure’s card', () => {
  it('names every supervisor at the organization, and who cannot sign in the app', () => {
    const html = render(acme, []);
    expect(html).toContain('Organization · supervisors: Dana Reyes, Ana Alder');
    expect(html).toContain(`Ana Alder: ${CONTRACT_MESSAGES.noAccount}`);
    expect(html).toContain('No contract');
    expect(html).toContain('Draft contract with Acme ABA');
    expect(html).toContain('Upload a signed contract with Acme ABA');
  });

  it('opens the contract being signed instead of drafting another', () => {
    const html = render({ ...acme, contract: 7 }, [
      createContract({ id: 7, structure_key: acme.structure_key, status: 'draft' }),
    ]);
    expect(html).toContain('href="/student/contracts/7"');
    expect(html).not.toContain('Draft contract with');
    expect(html).not.toContain(CONTRACT_MESSAGES.noAccount);
  });

  it('keeps an ended contract listed, with its dates, beside the way to a new one', () => {
    const ended = createContract({
      id: 3,
      structure_key: acme.structure_key,
      status: 'ended',
      starts_on: '2025-01-10',
      ended_on: '2025-12-31',
    });
    const html = render(acme, [ended]);
    expect(html).toContain('Ended 12/31/2025');
    expect(html).toContain('In force 1/10/2025 – ended 12/31/2025');
    expect(html).toContain('href="/student/contracts/3"');
    expect(html).toContain('Draft contract with Acme ABA');
  });

  it('offers a supervisor the draft, and leaves the upload to the trainee', () => {
    const html = render(acme, [], {
      contractPath: (id) => `/supervisor/trainees/3/contracts/${id}`,
      onDraft: () => undefined,
    });
    expect(html).toContain('Draft contract with Acme ABA');
    expect(html).not.toContain('Upload a signed contract');
    expect(html).toContain('the trainee uploads one signed on paper');
  });
});
