import { describe, expect, it } from 'vitest';
import { formatLoadedAt } from './local-date';

describe('when figures shown offline were loaded', () => {
  // Local times: the words are the browser's own day and clock.
  const now = new Date(2026, 10, 28, 16, 45);
  it.each([
    ['earlier today', new Date(2026, 10, 28, 14, 32), 'today at 2:32 PM'],
    ['just after midnight', new Date(2026, 10, 28, 0, 5), 'today at 12:05 AM'],
    ['yesterday', new Date(2026, 10, 27, 9, 5), 'yesterday at 9:05 AM'],
    ['earlier this year', new Date(2026, 10, 3, 14, 32), 'Nov 3 at 2:32 PM'],
    ['last year', new Date(2025, 11, 30, 8, 0), 'Dec 30, 2025 at 8:00 AM'],
  ])('%s: %s', (_case, at, words) => {
    expect(formatLoadedAt(at, now)).toBe(words);
  });

  it('says yesterday across the first of a month', () => {
    expect(formatLoadedAt(new Date(2026, 10, 30, 22, 0), new Date(2026, 11, 1, 7, 0))).toBe(
      'yesterday at 10:00 PM',
    );
  });
});
