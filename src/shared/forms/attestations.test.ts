import { describe, expect, it } from 'vitest';
import { ATTESTATIONS, FormSignatureSchema, SIGNATURE_MESSAGES } from './attestations';

describe('FormSignatureSchema', () => {
  it('takes the typed full name, trimmed, once the attestation is confirmed', () => {
    expect(FormSignatureSchema.parse({ full_name: '  Zoë Ørsted ', attested: true })).toEqual({
      full_name: 'Zoë Ørsted',
      attested: true,
    });
  });

  it.each([
    [{ full_name: '   ', attested: true }, SIGNATURE_MESSAGES.nameRequired],
    [{ full_name: 'Ada', attested: false }, SIGNATURE_MESSAGES.attestationRequired],
    [{ full_name: 'Ada' }, SIGNATURE_MESSAGES.attestationRequired],
    // A signature is a name: one line (issue 36).
    [
      { full_name: 'Ada\nLovelace', attested: true },
      'Must be one line, without control characters',
    ],
  ])('refuses %o', (input, message) => {
    const result = FormSignatureSchema.safeParse(input);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it('has an attestation for each party, each saying that the typed name is a signature', () => {
    expect(Object.keys(ATTESTATIONS)).toEqual(['trainee', 'supervisor']);
    for (const text of Object.values(ATTESTATIONS)) {
      expect(text).toMatch(/^I attest that the information above is accurate/);
      expect(text).toMatch(/typing my full name below is my electronic signature\.$/);
    }
  });
});
