import type { FormParty } from '../../../../shared/forms/attestations';
import type { FinalFormRow } from '../../../../shared/forms/final-form.schema';
import { monthsBetween } from '../../../../shared/forms/final-fvf';
import { addDays, formatMonthYear, formatUsDate, monthEnd } from '../../../../shared/logs/time';
import { fieldworkTypeName, signaturesText, signerText } from './month-form-status';

/** 'Dana Supervisor · Supervised fieldwork': names an F-FVF row for people and screen readers. */
export function finalRowTitle(
  row: Pick<FinalFormRow, 'supervisor_name' | 'organization' | 'expereince_type'>,
) {
  return `${signerText(row)} · ${fieldworkTypeName(row.expereince_type)}`;
}

/** A row's identity: one F-FVF per supervision experience of a supervisor (or organization). */
export function finalRowKey(row: Pick<FinalFormRow, 'trainee_supervisor' | 'first_month'>) {
  return `${row.trainee_supervisor}:${row.first_month}`;
}

/** 'Dana · Supervised fieldwork, January 2026 – March 2026': one experience among several. */
export function finalRowName(
  row: Pick<
    FinalFormRow,
    'supervisor_name' | 'organization' | 'expereince_type' | 'from_month' | 'to_month'
  >,
) {
  return `${finalRowTitle(row)}, ${periodText(row.from_month, row.to_month)}`;
}

/** 'January 2026 – March 2026', or 'March 2026' for a one-month period. */
export function periodText(fromMonth: string, toMonth: string): string {
  const from = formatMonthYear(fromMonth);
  return fromMonth === toMonth ? from : `${from} – ${formatMonthYear(toMonth)}`;
}

/** '2 months count', '1 month counts', 'No month counts'. */
export function monthsCountText(months: number): string {
  if (months === 0) return 'No month counts';
  return months === 1 ? '1 month counts' : `${months} months count`;
}

/** The months a trainee may choose the period from: every month of the row, oldest first. */
export function periodChoices(
  row: Pick<FinalFormRow, 'first_month' | 'last_month' | 'from_month' | 'to_month'>,
): string[] {
  const first = [row.first_month, row.from_month].sort()[0] ?? row.first_month;
  const last = [row.last_month ?? row.first_month, row.to_month].sort().pop() ?? row.to_month;
  return monthsBetween(first, last);
}

const BADGES = {
  signed: { label: 'Signed', color: 'green' },
  outdated: { label: 'Fill again', color: 'orange' },
  awaiting: { label: 'Awaiting the supervisor', color: 'blue' },
  unfilled: { label: 'Not filled', color: 'gray' },
  early: { label: 'In progress', color: 'gray' },
} as const;

/** Where a row's F-FVF stands, as a badge. */
export function finalStateBadge(
  row: Pick<FinalFormRow, 'form' | 'is_outdated' | 'is_period_over'>,
) {
  if (row.form?.is_complete) return BADGES.signed;
  if (row.form && row.is_outdated) return BADGES.outdated;
  if (row.form) return BADGES.awaiting;
  return row.is_period_over ? BADGES.unfilled : BADGES.early;
}

/** The line saying what is left to do on a row, if anything. */
export function finalNextStep(row: FinalFormRow, party: FormParty): string | null {
  if (!row.is_period_over) {
    return `Can be filled from ${formatUsDate(addDays(monthEnd(row.first_month), 1))}.`;
  }
  const { form } = row;
  if (!form) return party === 'trainee' ? null : 'The trainee has not filled this form yet.';
  if (form.completed_on) return `Signed by the supervisor on ${formatUsDate(form.completed_on)}.`;
  if (row.is_outdated) {
    return party === 'trainee'
      ? 'The hours of this period changed since the form was filled: fill it again before signing.'
      : 'The hours of this period changed since the form was filled: the trainee fills it again before it is signed.';
  }
  if (form.supervisor_signature) return signaturesText(form);
  return party === 'trainee'
    ? `Waiting for ${row.supervisor_name}'s signature: only the responsible supervisor signs the F-FVF, and you keep it.`
    : 'Waiting for your signature: only the responsible supervisor signs the F-FVF.';
}
