import { describe, expect, it } from 'vitest';
import { LOG_MESSAGES } from './log-messages';
import {
  fieldworkTypeConflict,
  type StructureRecord,
  type TypedLog,
} from './one-type-per-structure';

const records: StructureRecord[] = [
  { id: 1, name: 'Dana', lastname: 'Reyes', organization: '' },
  { id: 2, name: 'Sam', lastname: 'Ortiz', organization: '' },
  { id: 3, name: 'Rhea', lastname: 'Rowan', organization: 'Acme ABA' },
  { id: 4, name: 'Lee', lastname: 'Park', organization: ' acme  aba ' },
];

/** A new entry of March 2026 (no id yet) under a record. */
const entry = (recordId: number, type: 1 | 2, extra: Partial<TypedLog> = {}): TypedLog => ({
  date: '2026-03-05',
  recordId,
  experienceTypeId: type,
  ...extra,
});
/** A stored log of March 2026. */
const march = (id: number, recordId: number, type: 1 | 2, extra: Partial<TypedLog> = {}) =>
  entry(recordId, type, { id, ...extra });

const danaHoldsSupervised =
  'March 2026 with Dana Reyes already holds supervised fieldwork: a supervision structure accrues one fieldwork type per month. Log this as supervised, or move the other logs first.';
const acmeHoldsConcentrated =
  'March 2026 with Acme ABA already holds concentrated fieldwork: a supervision structure accrues one fieldwork type per month. Log this as concentrated, or move the other logs first.';

describe('fieldworkTypeConflict (Handbook "Number of Hours by Fieldwork Type": one fieldwork type per month, per supervision structure)', () => {
  it.each<[string, TypedLog, TypedLog[], string | null]>([
    ['the first log of a month', entry(1, 2), [], null],
    ['the same type as the month’s logs', entry(1, 1), [march(1, 1, 1)], null],
    [
      'the other type under the same supervisor',
      entry(1, 2, { date: '2026-03-28' }),
      [march(1, 1, 1)],
      danaHoldsSupervised,
    ],
    ['the other type under another supervisor of one’s own', entry(2, 2), [march(1, 1, 1)], null],
    [
      'the other type under the other supervisor of one organization',
      entry(4, 1),
      [march(1, 3, 2)],
      acmeHoldsConcentrated,
    ],
    [
      'the other type in another month of the structure',
      entry(1, 2, { date: '2026-04-01' }),
      [march(1, 1, 1)],
      null,
    ],
    ['an edit changing the type of the month’s only log', march(1, 1, 2), [march(1, 1, 1)], null],
    [
      'an edit changing one log’s type while others keep theirs',
      march(1, 1, 2),
      [march(1, 1, 1), march(2, 1, 1, { date: '2026-03-06' })],
      danaHoldsSupervised,
    ],
    [
      'an edit moving a log into a month of the other type',
      march(1, 1, 2, { date: '2026-03-10' }),
      [march(1, 1, 2, { date: '2026-02-10' }), march(2, 1, 1)],
      danaHoldsSupervised,
    ],
    [
      'an edit moving a log out to an empty month',
      march(2, 1, 1, { date: '2026-04-10' }),
      [march(1, 1, 2), march(2, 1, 1)],
      null,
    ],
    ['a deleted log of the other type', entry(1, 2), [march(1, 1, 1, { isDeleted: true })], null],
    ['a record that is not the trainee’s', entry(9, 2), [march(1, 9, 1)], null],
  ])('%s', (_, entry, logs, expected) => {
    expect(fieldworkTypeConflict(entry, logs, records)).toBe(expected);
  });

  it('names an organization as its earliest record spells it, and a supervisor by full name', () => {
    const message = fieldworkTypeConflict(entry(3, 2), [march(1, 4, 1)], records);
    expect(message).toBe(
      LOG_MESSAGES.oneTypePerStructure({ month: '2026-03', structure: 'Acme ABA', type: 1 }),
    );
    const alone = [{ id: 5, name: 'Nia', lastname: '', organization: '' }];
    expect(fieldworkTypeConflict(entry(5, 1), [march(1, 5, 2)], alone)).toBe(
      'March 2026 with Nia already holds concentrated fieldwork: a supervision structure accrues one fieldwork type per month. Log this as concentrated, or move the other logs first.',
    );
  });
});
