import { canonicalTimeZone, todayIn } from '../../shared/logs/time-zone';
import { accountTimeZoneOrNull } from './account-time-zone';

/**
 * The signed-in person's own calendar date and time. A log's date is a calendar date, not an
 * instant (docs/architecture.md "Time and today"), so the client reads it from a clock, never from an ISO timestamp:
 * the one of their account's time zone, where the server counts their days too (issue 36), or,
 * for an account without one yet, the browser's.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** True when today is counted in the account's own zone, as the server counts it. */
export function isAccountDay(): boolean {
  return accountTimeZoneOrNull() !== null;
}

/** Today as 'YYYY-MM-DD' by the browser's clock. */
function browserToday(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today as 'YYYY-MM-DD' in the account's time zone, or the browser's without one. */
export function localToday(now: Date = new Date()): string {
  const timeZone = accountTimeZoneOrNull();
  return timeZone === null ? browserToday(now) : todayIn(now, timeZone);
}

/** The browser's IANA time zone, if the shared rules know it ('America/New_York'), else null. */
export function browserTimeZone(): string | null {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/** A month 'YYYY-MM' as words, e.g. '2026-03' → 'March 2026'. */
export function formatMonthName(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Date(year, monthNumber - 1, 1).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
  });
}

/** An instant (ISO timestamp) as a short local date and time, e.g. 'Mar 5, 2026, 9:04 AM'. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * When shown figures were loaded, said for a person reading them offline: 'today at 2:32 PM',
 * or 'Nov 3, 2:32 PM' another day.
 */
export function formatLoadedAt(at: Date, now: Date = new Date()): string {
  const time = { hour: 'numeric', minute: '2-digit' } as const;
  // The browser's clock shows the time, so its day decides 'today'.
  return browserToday(at) === browserToday(now)
    ? `today at ${at.toLocaleTimeString('en-US', time)}`
    : at.toLocaleString('en-US', { month: 'short', day: 'numeric', ...time });
}
