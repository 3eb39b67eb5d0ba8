import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CLIENT_OBSERVATION,
  EXPERIENCE_TYPES,
  LookupItemSchema,
  METHODS_OF_SUPERVISION,
  SETTINGS,
} from './lookups';

const TABLES = [
  ['EXPERIENCE_TYPES', EXPERIENCE_TYPES],
  ['SETTINGS', SETTINGS],
  ['METHODS_OF_SUPERVISION', METHODS_OF_SUPERVISION],
  ['CLIENT_OBSERVATION', CLIENT_OBSERVATION],
] as const;

describe('lookups', () => {
  it.each(TABLES)('%s has ids 1..n and unique names', (_, table) => {
    expect(table.map((item) => item.id)).toEqual(table.map((_, index) => index + 1));
    expect(new Set(table.map((item) => item.name)).size).toBe(table.length);
  });

  it.each(TABLES)('%s matches the wire schema', (_, table) => {
    expect(z.array(LookupItemSchema).parse(table)).toEqual(table);
  });

  it('numbers the fieldwork types the way the rules do: 1 supervised, 2 concentrated', () => {
    expect(EXPERIENCE_TYPES).toEqual([
      { id: 1, name: 'Supervised Fieldwork' },
      { id: 2, name: 'Concentrated Supervised Fieldwork' },
    ]);
  });

  it('uses the names a log stores for method and observation', () => {
    expect(METHODS_OF_SUPERVISION.map((item) => item.name)).toEqual(['In Person', 'Virtual']);
    expect(CLIENT_OBSERVATION.map((item) => item.name)).toEqual(['Yes', 'No']);
  });

  it('offers the common fieldwork settings and a catch-all last', () => {
    const names = SETTINGS.map((item) => item.name);
    expect(names).toEqual(
      expect.arrayContaining(['Clinic', "Client's home", 'School', 'Telehealth']),
    );
    expect(names.at(-1)).toBe('Other');
  });

  it('rejects a lookup item with a non-positive id or an empty name', () => {
    expect(LookupItemSchema.safeParse({ id: 0, name: 'Clinic' }).success).toBe(false);
    expect(LookupItemSchema.safeParse({ id: 1, name: '' }).success).toBe(false);
  });
});
