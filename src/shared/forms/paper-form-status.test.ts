import { describe, expect, it } from 'vitest';
import { paperFormSignedOn, paperFormStatusText } from './paper-form-status';

const declared = {
  signed_on: '2026-10-30',
  supervisor_name: 'Ana Núñez',
  confirmation: 'declared' as const,
  answered_at: null,
  answered_by: null,
  rejection_reason: null,
};

describe('a paper form, as people read it (issue 36)', () => {
  it.each([
    [declared, 'Declared by the trainee, not yet confirmed by Ana Núñez', '2026-10-30'],
    [
      {
        ...declared,
        confirmation: 'confirmed' as const,
        answered_at: '2026-12-01T15:00:00.000Z',
        answered_by: 'Ana Núñez',
      },
      'Confirmed by Ana Núñez on 12/1/2026',
      '2026-10-30',
    ],
    [
      {
        ...declared,
        confirmation: 'rejected' as const,
        answered_at: '2026-12-01T15:00:00.000Z',
        answered_by: 'Ana N.',
        rejection_reason: 'I signed it on 11/2, not 10/30',
      },
      'Rejected by Ana N. on 12/1/2026: I signed it on 11/2, not 10/30',
      null,
    ],
  ])('%#: says "%s" and signs its row on %s', (paper, text, signedOn) => {
    expect(paperFormStatusText(paper)).toBe(text);
    expect(paperFormSignedOn(paper)).toBe(signedOn);
  });

  it('signs nothing when there is none', () => {
    expect(paperFormSignedOn(null)).toBeNull();
  });
});
