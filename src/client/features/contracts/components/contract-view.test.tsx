import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { createContract, createSigner, createVersion } from './contract.fixture';
import { ContractView } from './contract-view';

/*
 * BCBA Handbook, "Supervision Contract" and "Supervisor Qualifications": both parties read the
 * same contract, its flags (the supervisor's 8-hour training dated after it) and who signed.
 */

function render(contract: Contract) {
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ContractView
            contract={contract}
            paths={{ list: '/student/contracts', listLabel: 'Back to Supervision contracts' }}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const TRAINING_LATE =
  'Dana Reyes completed the 8-hour supervision training on 3/20/2026, after this contract (3/5/2026).';

const signed = createVersion({
  is_complete: true,
  completed_on: '2026-03-05',
  document: '/api/v1/contracts/7/versions/1/document/',
  signers: [
    createSigner('Tara Trainee', 'trainee', '2026-03-04'),
    createSigner('Dana Supervisor', 'supervisor', '2026-03-05'),
  ],
});

describe('the contract as both parties read it', () => {
  it('shows each flag as a warning with its words', () => {
    const html = render(
      createContract({
        status: 'in-force',
        starts_on: '2026-03-05',
        versions: [signed],
        flags: [{ code: 'training-after-contract', message: TRAINING_LATE }],
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(TRAINING_LATE);
  });

  it('is read-only once signed, with each signature and the signed PDF', () => {
    const html = render(
      createContract({
        status: 'in-force',
        starts_on: '2026-03-05',
        versions: [signed],
        can_edit: false,
        can_amend: true,
        can_end: true,
        can_discard: false,
      }),
    );
    expect(html).not.toContain('<textarea');
    expect(html).toContain('Both parties…');
    expect(html).toContain('Signed by Dana Supervisor on 3/5/2026');
    expect(html).toContain('Download PDF of v1 (original)');
    expect(html).toContain('Amend');
    expect(html).toContain('End contract');
    expect(html).not.toContain('Discard draft');
  });

  it('is editable while nobody has signed, and nobody signs before every element has its text', () => {
    const version = createVersion({
      sections: [{ id: 'activities', title: 'Activities and training objectives', body: '' }],
      missing_sections: ['activities'],
      signers: [
        { ...createSigner('Tara Trainee', 'trainee'), can_sign: false },
        createSigner('Dana Supervisor', 'supervisor'),
      ],
    });
    const html = render(createContract({ versions: [version] }));
    expect(html).toContain('<textarea');
    expect(html).toContain('Write Activities and training objectives before anyone signs');
    expect(html).toContain('Discard draft');
  });

  it('offers Sign only on the caller’s own line', () => {
    const version = createVersion({
      signers: [
        { ...createSigner('Tara Trainee', 'trainee'), can_sign: true },
        createSigner('Dana Supervisor', 'supervisor'),
      ],
    });
    const html = render(createContract({ versions: [version] }));
    expect(html.match(/>Sign</g)).toHaveLength(1);
  });
});
