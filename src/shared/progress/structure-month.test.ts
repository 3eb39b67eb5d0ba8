import { describe, expect, it } from 'vitest';
import type { StructureMonth } from './month-validation.schema';
import { outsideLines, structureLine } from './structure-month';

const structure = (overrides: Partial<StructureMonth>): StructureMonth => ({
  key: 'r1',
  name: 'Dana Reyes',
  expereince_type: 1,
  state: 'open',
  total_hours: 30,
  counted_hours: 20,
  checks: [],
  outside: [],
  reasons: [],
  ...overrides,
});

describe('a structure\'s line with hours that may not count (Handbook "Starting Fieldwork")', () => {
  it('names each run of hours set apart', () => {
    expect(
      outsideLines(
        structure({
          outside: [
            { cause: 'before-contract', hours: 10 },
            { cause: 'no-contract', hours: 2.5 },
          ],
        }),
      ),
    ).toEqual([
      '10 h dated before its supervision contract',
      '2.5 h waiting for a signed supervision contract',
    ]);
  });

  it('says why a structure keeps nothing when all its hours are outside its contract', () => {
    expect(
      structureLine(
        structure({ counted_hours: 0, outside: [{ cause: 'after-contract', hours: 30 }] }),
      ),
    ).toBe('Dana Reyes: 0 of 30 h count (dated after its supervision contract ended)');
  });

  it('judges the rest on its checks when only some hours are outside', () => {
    expect(structureLine(structure({ outside: [{ cause: 'before-contract', hours: 10 }] }))).toBe(
      'Dana Reyes: 20 of 30 h count (met every requirement)',
    );
  });
});
