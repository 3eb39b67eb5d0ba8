import { describe, expect, it } from 'vitest';
import { needsLegacyNotice } from './legacy';

const cases: [string, string, string[], boolean][] = [
  ['a 5th-edition task dated the day after the cutoff', '2025-01-02', ['B-1'], true],
  ['a 5th-edition task dated on the cutoff day', '2025-01-01', ['B-1'], false],
  ['a 5th-edition task dated before the cutoff', '2024-12-31', ['B-1'], false],
  ['only 6th-edition tasks after the cutoff', '2026-03-05', ['A.1', 'I.7'], false],
  ['6th- and 5th-edition tasks mixed after the cutoff', '2026-03-05', ['A.1', 'F-3'], true],
  ['an unknown 5th-edition id from an older printing', '2026-03-05', ['E-10'], true],
  ['no tasks at all', '2026-03-05', [], false],
  ['an id of neither edition', '2026-03-05', ['Z9'], false],
];

describe('needsLegacyNotice', () => {
  it.each(cases)('%s', (_name, dateOfExperience, taskIds, expected) => {
    expect(needsLegacyNotice({ dateOfExperience, taskIds })).toBe(expected);
  });
});
