// Integer minutes inside, decimal hours on the wire and on screen, 'HH:mm' times, 'YYYY-MM-DD'
// dates, 'YYYY-MM' months. Date arithmetic in UTC so a date never shifts with the machine's zone.

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MS_PER_DAY = 86_400_000;

/** Minutes since midnight of 'HH:mm', or null; seconds (some databases echo them) are dropped. */
export function parseTime(value: string): number | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isValidTime(value: string): boolean {
  return parseTime(value) !== null;
}

/** 'HH:mm' of a minute of the day, e.g. 540 → '09:00'. */
export function formatTime(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Decimal hours to two decimals: `hoursToMinutes` gives the same minutes back (error ≤ 0.3 min). */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** Whole minutes of decimal hours, e.g. 1.33 → 80. Minutes are what the product stores. */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** Hours rounded to the nearest 0.25 for display (BACB-RULES "How hours are counted"). */
export function roundToQuarterHour(hours: number): number {
  return Math.round(hours * 4) / 4;
}

/** Minutes as hours to the nearest 0.25, grouped (5070 → '84.5'): the one way (issue 36). */
export function formatHours(minutes: number): string {
  return formatHoursGrouped(minutes / 60);
}

const GROUPED_HOURS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Decimal hours as screens and mails show them, e.g. 1234.6 → '1,234.5'. */
export function formatHoursGrouped(hours: number): string {
  return GROUPED_HOURS.format(roundToQuarterHour(hours));
}

/** A percentage rounded to one decimal, e.g. 4.96 → 5. */
export function roundPercent(percent: number): number {
  return Math.round(percent * 10) / 10;
}

/** A percentage shown to one decimal, e.g. 4.96 → '5.0%'. */
export function formatPercent(percent: number): string {
  return `${roundPercent(percent).toFixed(1)}%`;
}

/** SPEC §5's '{H} hours and {M} minutes', word for word ('1 hours and 0 minutes'): the contract's. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)} hours and ${whole % 60} minutes`;
}

/** True for a real calendar date 'YYYY-MM-DD' with a year of at least 1000 (SPEC §5). */
export function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match || Number(match[1]) < 1000) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isValidMonth(value: string): boolean {
  const match = MONTH_PATTERN.exec(value);
  return match !== null && Number(match[1]) >= 1000;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The date n days after (or, with a negative n, before) a date. */
export function addDays(date: string, days: number): string {
  const time = new Date(`${date}T00:00:00Z`).getTime() + days * MS_PER_DAY;
  return new Date(time).toISOString().slice(0, 10);
}

/** 'YYYY-MM' n months after a month. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A date as the US forms write it, without leading zeros: '2026-03-05' → '3/5/2026'. */
export function formatUsDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(month)}/${Number(day)}/${Number(year)}`;
}

/** The first day of a month; takes 'YYYY-MM' or any date in it. */
export function monthStart(monthOrDate: string): string {
  return `${monthOrDate.slice(0, 7)}-01`;
}

/** The last day of a month; takes 'YYYY-MM' or any date in it. */
export function monthEnd(monthOrDate: string): string {
  const year = Number(monthOrDate.slice(0, 4));
  const month = Number(monthOrDate.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${monthOrDate.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'March 2026' for '2026-03' (the dashboard's month-year). */
export function formatMonthYear(month: string): string {
  const [year, index] = month.split('-');
  return `${MONTH_NAMES[Number(index) - 1] ?? month} ${year ?? ''}`.trim();
}
