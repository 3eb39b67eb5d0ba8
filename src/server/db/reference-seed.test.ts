import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_MIGRATION, referenceSeedSql } from '../../../scripts/reference-seed';

describe('reference data migration', () => {
  it('is exactly what src/shared generates (run scripts/write-reference-seed.ts after changing it)', () => {
    expect(readFileSync(REFERENCE_MIGRATION, 'utf8')).toBe(referenceSeedSql());
  });

  it('seeds 104 sixth-edition and 92 fifth-edition tasks', () => {
    const sql = referenceSeedSql();
    const taskRows = sql.split('insert into "tasks"')[1] ?? '';
    expect(taskRows.match(/'v6', '[A-I]'/g)).toHaveLength(104);
    expect(taskRows.match(/'v5', '[A-I]'/g)).toHaveLength(92);
  });
});
