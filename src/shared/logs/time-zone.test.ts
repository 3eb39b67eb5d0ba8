import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isKnownTimeZone, todayIn, wallClockToInstant } from './time-zone';

describe('todayIn: the date where the person lives', () => {
  it.each([
    // 21:30 on 1 December in New York is already 2 December in UTC; 00:30 on the 2nd is not.
    ['2026-12-02T02:30:00Z', 'America/New_York', '2026-12-01'],
    ['2026-12-02T05:30:00Z', 'America/New_York', '2026-12-02'],
    ['2026-12-02T02:30:00Z', 'UTC', '2026-12-02'],
    // Auckland (UTC+13 in December) is a day ahead: 10:30 on 1 December there is still
    // 30 November in UTC; the month turns there first.
    ['2026-11-30T21:30:00Z', 'Pacific/Auckland', '2026-12-01'],
    ['2026-11-30T10:30:00Z', 'Pacific/Auckland', '2026-11-30'],
    // The last day of a month and of a year.
    ['2027-01-01T04:59:59Z', 'America/New_York', '2026-12-31'],
    ['2027-01-01T05:00:00Z', 'America/New_York', '2027-01-01'],
    // Daylight saving days: 14 March 2027 has 23 hours in New York (05:00 UTC is 00:00 EST;
    // 03:59 UTC on the 15th is 23:59 EDT), 7 November 2027 has 25 (04:00 UTC is 00:00 EDT;
    // 04:59 UTC on the 8th is 23:59 EST).
    ['2027-03-14T04:59:00Z', 'America/New_York', '2027-03-13'],
    ['2027-03-14T05:00:00Z', 'America/New_York', '2027-03-14'],
    ['2027-03-15T03:59:00Z', 'America/New_York', '2027-03-14'],
    ['2027-03-15T04:00:00Z', 'America/New_York', '2027-03-15'],
    ['2027-11-07T03:59:00Z', 'America/New_York', '2027-11-06'],
    ['2027-11-07T04:00:00Z', 'America/New_York', '2027-11-07'],
    ['2027-11-08T04:59:00Z', 'America/New_York', '2027-11-07'],
    ['2027-11-08T05:00:00Z', 'America/New_York', '2027-11-08'],
    // The far ends of the Earth's day: Kiritimati (UTC+14) and Etc/GMT+12 (UTC−12, the sign
    // is POSIX's) are 26 hours apart: from 10:00 to 12:00 UTC they and UTC hold three dates.
    ['2026-12-02T11:00:00Z', 'Pacific/Kiritimati', '2026-12-03'],
    ['2026-12-02T09:59:00Z', 'Pacific/Kiritimati', '2026-12-02'],
    ['2026-12-02T11:00:00Z', 'Etc/GMT+12', '2026-12-01'],
    ['2026-12-02T12:00:00Z', 'Etc/GMT+12', '2026-12-02'],
    ['2026-12-02T11:00:00Z', 'Asia/Kolkata', '2026-12-02'],
    ['2026-12-01T18:29:00Z', 'Asia/Kolkata', '2026-12-01'],
    ['2026-12-01T18:30:00Z', 'Asia/Kolkata', '2026-12-02'],
  ])('at %s in %s it is %s', (instant, zone, date) => {
    expect(todayIn(new Date(instant), zone)).toBe(date);
  });

  it('counts in UTC for an account without a zone, or with one this runtime does not know', () => {
    const instant = new Date('2026-12-02T02:30:00Z');
    expect(todayIn(instant, null)).toBe('2026-12-02');
    expect(todayIn(instant, 'Mars/Olympus_Mons')).toBe('2026-12-02');
    expect(todayIn(instant, '-05:00')).toBe('2026-12-02');
  });
});

describe('isKnownTimeZone and canonicalTimeZone', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    ['america/new_york', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Etc/GMT+12', 'Etc/GMT+12'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
  ])('%s is known, as %s', (value, name) => {
    expect(isKnownTimeZone(value)).toBe(true);
    expect(canonicalTimeZone(value)).toBe(name);
  });

  it.each([
    'Mars/Olympus_Mons',
    '',
    ' ',
    '+05:00',
    '-0500',
    'America/New_York ',
    '../etc/passwd',
    'A'.repeat(65),
  ])('%j is refused', (value) => {
    expect(isKnownTimeZone(value)).toBe(false);
    expect(canonicalTimeZone(value)).toBeNull();
  });
});

describe('wallClockToInstant', () => {
  it('reads a wall-clock time in the zone', () => {
    expect(wallClockToInstant('2026-01-15', 600, 'America/New_York').toISOString()).toBe(
      '2026-01-15T15:00:00.000Z',
    );
    expect(wallClockToInstant('2026-07-15', 600, 'America/New_York').toISOString()).toBe(
      '2026-07-15T14:00:00.000Z',
    );
    expect(wallClockToInstant('2026-07-15', 600, 'UTC').toISOString()).toBe(
      '2026-07-15T10:00:00.000Z',
    );
    expect(wallClockToInstant('2026-03-29', 180, 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });
});
