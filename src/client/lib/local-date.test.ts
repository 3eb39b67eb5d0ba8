import { afterEach, describe, expect, it } from 'vitest';
import { setAccountTimeZone } from './account-time-zone';
import { formatLoadedAt, isAccountDay, localToday } from './local-date';

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

describe('localToday: the signed-in account’s day (issue 36)', () => {
  afterEach(() => setAccountTimeZone(null));
  const evening = new Date('2026-12-01T02:30:00Z');

  it.each([
    ['America/New_York', '2026-11-30'],
    ['Pacific/Auckland', '2026-12-01'],
    ['UTC', '2026-12-01'],
  ])('in %s it is %s, as the server counts it', (zone, date) => {
    setAccountTimeZone(zone);
    expect(isAccountDay()).toBe(true);
    expect(localToday(evening)).toBe(date);
  });

  it('without an account zone, counts by the browser’s clock', () => {
    const pad = (value: number) => String(value).padStart(2, '0');
    const browser = `${evening.getFullYear()}-${pad(evening.getMonth() + 1)}-${pad(evening.getDate())}`;
    expect(isAccountDay()).toBe(false);
    expect(localToday(evening)).toBe(browser);
  });
});
