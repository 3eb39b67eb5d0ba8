/**
 * Where a person's day is counted (issue 36 "Days are counted in UTC, not in the user's day"): an
 * account's IANA time zone, else UTC, on server and client alike (the runtime's Intl).
 */

export const UTC = 'UTC';

/** The longest zone name accepted ('America/Argentina/ComodRivadavia' is 32). */
export const TIME_ZONE_MAX_LENGTH = 64;

// An IANA name ('Etc/GMT+12', 'America/Port-au-Prince'), never an offset such as '+05:00',
// which Intl also takes but which knows no daylight saving time.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  const kept = dayFormats.get(timeZone);
  if (kept) return kept;
  if (timeZone.length > TIME_ZONE_MAX_LENGTH || !ZONE_NAME.test(timeZone)) return null;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return null;
  }
  dayFormats.set(timeZone, format);
  return format;
}

/** The name this runtime knows a zone by ('america/new_york' → 'America/New_York'), or null. */
export function canonicalTimeZone(value: string): string | null {
  return dayFormat(value)?.resolvedOptions().timeZone ?? null;
}

/** True for an IANA time zone this runtime knows ('Europe/Paris', 'UTC'). */
export function isKnownTimeZone(value: string): boolean {
  return dayFormat(value) !== null;
}

/** Today in `timeZone` at `now` (02:30 UTC on 2 December is 1 December in New York); else UTC. */
export function todayIn(now: Date, timeZone: string | null): string {
  const format = timeZone === null ? null : dayFormat(timeZone);
  if (!format) return now.toISOString().slice(0, 10);
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffset(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** A wall-clock time's instant in `timeZone`; the offset is read twice, to land right after DST. */
export function wallClockToInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000;
  const first = wall - zoneOffset(timeZone, new Date(wall));
  return new Date(wall - zoneOffset(timeZone, new Date(first)));
}
