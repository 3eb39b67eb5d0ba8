/**
 * The trainee's own calendar date and time. A log's date is a calendar date, not an instant
 * (ARCHITECTURE.md), so the client reads it from the local clock, never from an ISO timestamp.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** Today as 'YYYY-MM-DD' in the browser's time zone. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
  return localToday(at) === localToday(now)
    ? `today at ${at.toLocaleTimeString('en-US', time)}`
    : at.toLocaleString('en-US', { month: 'short', day: 'numeric', ...time });
}
