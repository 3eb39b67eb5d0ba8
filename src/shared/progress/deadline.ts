import { addMonths, monthEnd } from '../logs/time';
import { todayIn } from '../logs/time-zone';

// When an M-FVF is due (BACB-RULES "Forms and deadlines"): signed by both parties by the last day
// of the following month, or the month's hours are lost. The one definition of "late". Dates
// 'YYYY-MM-DD', months 'YYYY-MM', in UTC like src/shared/logs/time.ts.

const MS_PER_DAY = 86_400_000;

/** Days before the deadline on which an unsigned form's parties get a reminder email. */
export const REMINDER_DAYS_BEFORE_DEADLINE = [10, 3] as const;

/** The month after 'YYYY-MM': '2026-12' → '2027-01'. */
export function nextMonth(month: string): string {
  return addMonths(month, 1);
}

/** The last day to sign a month's M-FVF: the last day of the following month. */
export function formDeadline(month: string): string {
  return monthEnd(nextMonth(month));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** Days left to sign: 0 on the deadline (signing that day is on time), negative after. */
export function daysUntilDeadline(month: string, today: string): number {
  return daysBetween(today, formDeadline(month));
}

/** True when a form completed on `signedOn` missed its month's deadline; the deadline day is on time. */
export function isSignedLate(month: string, signedOn: string): boolean {
  return signedOn > formDeadline(month);
}

/**
 * A signature's date as the signer saw it: signing at 17:00 in California on the deadline day is
 * on that day, although UTC is already the next; an unknown or absent time zone means UTC.
 */
export function signingDate(at: Date, timeZone = 'UTC'): string {
  return todayIn(at, timeZone);
}

/** The later of the two signatures, or null while one is missing (one party's is not signed). */
export function completedOn(
  traineeSignedOn: string | null,
  supervisorSignedOn: string | null,
): string | null {
  if (traineeSignedOn === null || supervisorSignedOn === null) return null;
  return traineeSignedOn > supervisorSignedOn ? traineeSignedOn : supervisorSignedOn;
}

export type FormDeadlineState = 'signed' | 'signed-late' | 'open' | 'overdue';

/** What the forms page shows for a month. `daysRemaining` is 0 on the deadline day. */
export type FormDeadlineStatus = {
  deadline: string;
  daysRemaining: number;
  state: FormDeadlineState;
};

export function formDeadlineStatus(input: {
  month: string;
  signedOn: string | null;
  today: string;
}): FormDeadlineStatus {
  const deadline = formDeadline(input.month);
  const daysRemaining = daysBetween(input.today, deadline);
  let state: FormDeadlineState;
  if (input.signedOn !== null)
    state = isSignedLate(input.month, input.signedOn) ? 'signed-late' : 'signed';
  else state = daysRemaining >= 0 ? 'open' : 'overdue';
  return { deadline, daysRemaining, state };
}

/** True on the days an unsigned form's reminder goes out (10 and 3 days before the deadline). */
export function isReminderDay(month: string, today: string): boolean {
  const days = daysUntilDeadline(month, today);
  return REMINDER_DAYS_BEFORE_DEADLINE.some((before) => before === days);
}
