import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { formatMonthYear, formatUsDate } from '../../../../shared/logs/time';

/** The fieldwork types a form is filled per (the wire's `expereince_type`). */
const FIELDWORK_TYPES: Readonly<Record<number, string>> = {
  1: 'Supervised fieldwork',
  2: 'Concentrated supervised fieldwork',
};

export function fieldworkTypeName(type: number): string {
  return FIELDWORK_TYPES[type] ?? 'Fieldwork';
}

const STATE_BADGES: Readonly<Record<MonthFormRow['state'], { label: string; color: string }>> = {
  signed: { label: 'Signed', color: 'green' },
  'signed-late': { label: 'Signed late', color: 'orange' },
  open: { label: 'Open', color: 'blue' },
  overdue: { label: 'Overdue', color: 'red' },
};

/** The badge of a month's form state. */
export function stateBadge(state: MonthFormRow['state']) {
  return STATE_BADGES[state];
}

/** '12 days left', 'Due today', '1 day overdue': `days` is 0 on the deadline day. */
export function daysLeftText(days: number): string {
  if (days === 0) return 'Due today';
  const count = Math.abs(days);
  const unit = count === 1 ? 'day' : 'days';
  return days > 0 ? `${count} ${unit} left` : `${count} ${unit} overdue`;
}

/** The deadline line under a row: when it was signed, or by when it must be. */
export function deadlineText(row: MonthFormRow): string {
  const completed = row.form?.completed_on;
  if (completed) return `Signed by both on ${formatUsDate(completed)}`;
  return `Sign by ${formatUsDate(row.deadline)} · ${daysLeftText(row.days_remaining)}`;
}

/** Decimal hours as the form shows them, to two places at most: 12.5 → '12.5'. */
export function formatFormHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}

/** 'March 2026 · Dana Supervisor · Supervised fieldwork': names a row for people and screen readers. */
export function rowTitle(row: Pick<MonthFormRow, 'month' | 'supervisor_name' | 'expereince_type'>) {
  return [
    formatMonthYear(row.month),
    row.supervisor_name,
    fieldworkTypeName(row.expereince_type),
  ].join(' · ');
}

/** A row's identity: one form per month, supervisor record and fieldwork type. */
export function rowKey(
  row: Pick<MonthFormRow, 'month' | 'trainee_supervisor' | 'expereince_type'>,
) {
  return `${row.month}-${row.trainee_supervisor}-${row.expereince_type}`;
}
