import { describe, expect, it } from 'vitest';
import { signedMonthMessage, signoffCovering, type Signoff } from './month-signoff';

// Dana (11) and Ben (12) on their own; Lee (13) and Kim (14) at Acme ABA, spelled two ways.
const RECORDS = [
  { id: 11, organization: '' },
  { id: 12, organization: '' },
  { id: 13, organization: 'Acme ABA' },
  { id: 14, organization: ' acme  aba ' },
];
const DANAS_MARCH: Signoff = { month: '2026-03', traineeSupervisorId: 11, signedBy: 'Dana Reyes' };
const LEES_MARCH: Signoff = { month: '2026-03', traineeSupervisorId: 13, signedBy: 'Lee Park' };
const OLDER: Signoff = { month: '2026-03', traineeSupervisorId: null, signedBy: 'Pat Quinn' };

describe('signoffCovering (Handbook "Multiple Settings and/or Supervisors": each organized fieldwork experience on its own)', () => {
  it.each([
    ['the signing record’s own log', [DANAS_MARCH], 11, '2026-03', DANAS_MARCH],
    ['another individual supervisor’s log that month', [DANAS_MARCH], 12, '2026-03', undefined],
    ['the signing record’s log of another month', [DANAS_MARCH], 11, '2026-04', undefined],
    ['an organization’s other record, however spelled', [LEES_MARCH], 14, '2026-03', LEES_MARCH],
    ['an individual log beside an organization’s sign-off', [LEES_MARCH], 11, '2026-03', undefined],
    ['a record the list does not hold', [DANAS_MARCH], 99, '2026-03', undefined],
    ['an older sign-off without a record', [OLDER], 11, '2026-03', undefined],
    ['the one of two that covers it', [DANAS_MARCH, LEES_MARCH], 13, '2026-03', LEES_MARCH],
  ])('%s', (_case, signoffs, recordId, month, expected) => {
    expect(signoffCovering(signoffs, RECORDS, { month, traineeSupervisorId: recordId })).toBe(
      expected,
    );
  });
});

describe('signedMonthMessage', () => {
  it('names who signed, the month, and an organization as its earliest record spells it', () => {
    expect(signedMonthMessage(DANAS_MARCH, RECORDS)).toBe(
      'Dana Reyes signed off March 2026, so your logs with them in that month are locked: none can be added, changed, moved in or out, or deleted. Ask them to reopen the month if something must change.',
    );
    expect(signedMonthMessage({ ...LEES_MARCH, traineeSupervisorId: 14 }, RECORDS)).toBe(
      'Lee Park signed off March 2026 for Acme ABA, so your logs at Acme ABA in that month are locked: none can be added, changed, moved in or out, or deleted. Ask them to reopen the month if something must change.',
    );
  });
});
