import { describe, expect, it } from 'vitest';
import { fieldworkTypeConflict, type TypedLog } from './one-type-per-structure';

type Entry = TypedLog & { structureName: string };

/** A new entry of March 2026 (no id yet) with Dana Reyes, a supervisor of her own ('r1'). */
const entry = (type: 1 | 2, extra: Partial<Entry> = {}): Entry => ({
  date: '2026-03-05',
  structure: 'r1',
  structureName: 'Dana Reyes',
  experienceTypeId: type,
  ...extra,
});
/** A stored log of March 2026 with Dana Reyes. */
const log = (id: number, type: 1 | 2, extra: Partial<TypedLog> = {}): TypedLog => ({
  id,
  date: '2026-03-05',
  structure: 'r1',
  experienceTypeId: type,
  ...extra,
});
const acme = { structure: 'o:acme aba', structureName: 'Acme ABA' };

const danaHoldsSupervised =
  'March 2026 with Dana Reyes already holds supervised fieldwork: a supervision structure accrues one fieldwork type per month. Log this as supervised, or move the other logs first.';
const acmeHoldsConcentrated =
  'March 2026 with Acme ABA already holds concentrated fieldwork: a supervision structure accrues one fieldwork type per month. Log this as concentrated, or move the other logs first.';

describe('fieldworkTypeConflict (Handbook "Number of Hours by Fieldwork Type": one fieldwork type per month, per supervision structure)', () => {
  it.each<[string, Entry, TypedLog[], string | null]>([
    ['the first log of a month', entry(2), [], null],
    ['the same type as the month’s logs', entry(1), [log(1, 1), log(2, 1)], null],
    [
      'the other type with the same supervisor, later in the month',
      entry(2, { date: '2026-03-31' }),
      [log(1, 1)],
      danaHoldsSupervised,
    ],
    [
      'the other type under another structure (another supervisor of one’s own)',
      entry(2, { structure: 'r2', structureName: 'Sam Ortiz' }),
      [log(1, 1)],
      null,
    ],
    [
      'the other type under the same organization (another supervisor’s record there)',
      entry(1, acme),
      [log(1, 2, { structure: 'o:acme aba' })],
      acmeHoldsConcentrated,
    ],
    [
      'the other type in another month of the structure',
      entry(2, { date: '2026-04-01' }),
      [log(1, 1), log(2, 1, { date: '2026-02-28' })],
      null,
    ],
    ['an edit changing the type of the month’s only log', entry(2, { id: 1 }), [log(1, 1)], null],
    [
      'an edit changing one log’s type while another keeps its own',
      entry(2, { id: 1 }),
      [log(1, 1), log(2, 1, { date: '2026-03-06' })],
      danaHoldsSupervised,
    ],
    [
      'an edit moving a log into a month of the other type',
      entry(2, { id: 1, date: '2026-03-10' }),
      [log(1, 2, { date: '2026-02-10' }), log(2, 1)],
      danaHoldsSupervised,
    ],
    [
      'an edit moving a log out to an empty month',
      entry(1, { id: 2, date: '2026-04-10' }),
      [log(1, 2), log(2, 1)],
      null,
    ],
    ['a deleted log of the other type', entry(2), [log(1, 1, { isDeleted: true })], null],
  ])('%s', (_, candidate, logs, expected) => {
    expect(fieldworkTypeConflict(candidate, logs)).toBe(expected);
  });
});
