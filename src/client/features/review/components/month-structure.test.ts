import { describe, expect, it } from 'vitest';
import { signedNote, structureName } from './month-structure';

describe('a structure’s month, in words (issue 38)', () => {
  it.each([
    ['an individual supervisor', { organization: '', supervisor_name: 'Dana Reyes' }, 'Dana Reyes'],
    ['an organization', { organization: 'Acme ABA', supervisor_name: 'Lee Park' }, 'Acme ABA'],
  ])('names %s', (_case, month, name) => {
    expect(structureName(month)).toBe(name);
  });

  it.each([
    [
      'who signed and when',
      { state: 'signed', signed_at: '2026-03-20T15:00:00.000Z', signed_by: 'Dana Reyes' },
      'Signed off by Dana Reyes on 2026-03-20T15:00:00.000Z',
    ],
    [
      'a signed month without its signer',
      { state: 'signed', signed_at: null, signed_by: null },
      'Signed off',
    ],
    ['nothing for an open month', { state: 'open', signed_at: null, signed_by: null }, null],
    ['nothing for a ready month', { state: 'ready', signed_at: null, signed_by: null }, null],
  ] as const)('says %s', (_case, month, text) => {
    expect(signedNote(month, (iso) => iso)).toBe(text);
  });
});
