import { addDays, monthEnd, monthOf, monthStart } from '../../../shared/logs/time';

/** Month bounds no month passes, and a span of days no day is in (a part a range does not use). */
export const FIRST_MONTH = '0000-01';
export const LAST_MONTH = '9999-12';
const NO_DAYS = { from: '9999-12-31', to: '0001-01-01' };

type Span = { from: string; to: string };

/** Whole months from log_month_totals, the partial ends from the logs (two months at most). */
export function splitRange(range: { from?: string | undefined; to?: string | undefined }): {
  months: Span;
  head: Span;
  tail: Span;
} {
  const { from, to } = range;
  const firstWhole = from === undefined || from === monthStart(from) ? from : nextMonth(from);
  const lastWhole = to === undefined || to === monthEnd(to) ? to : addDays(monthStart(to), -1);
  if (from !== undefined && to !== undefined && (firstWhole as string) > (lastWhole as string)) {
    // No whole month inside: every day of the range from the logs.
    return { months: { from: LAST_MONTH, to: FIRST_MONTH }, head: { from, to }, tail: NO_DAYS };
  }
  return {
    months: {
      from: firstWhole === undefined ? FIRST_MONTH : monthOf(firstWhole),
      to: lastWhole === undefined ? LAST_MONTH : monthOf(lastWhole),
    },
    head:
      from !== undefined && firstWhole !== from
        ? { from, to: addDays(firstWhole as string, -1) }
        : NO_DAYS,
    tail:
      to !== undefined && lastWhole !== to
        ? { from: addDays(lastWhole as string, 1), to }
        : NO_DAYS,
  };
}

const nextMonth = (date: string) => addDays(monthEnd(date), 1);
