import { describe, expect, it } from 'vitest';
import { formatLoadedAt } from './local-date';

describe('when figures shown offline were loaded', () => {
  // Local times: the words are the browser's own day and clock.
  const now = new Date(2026, 10, 28, 16, 45);
  it.each([
    ['earlier today', new Date(2026, 10, 28, 14, 32), 'today at 2:32 PM'],
    ['just after midnight', new Date(2026, 10, 28, 0, 5), 'today at 12:05 AM'],
    ['yesterday', new Date(2026, 10, 27, 9, 5), 'Nov 27, 9:05 AM'],
    ['earlier this year', new Date(2026, 10, 3, 14, 32), 'Nov 3, 2:32 PM'],
  ])('%s: %s', (_case, at, words) => {
    expect(formatLoadedAt(at, now)).toBe(words);
  });
});
