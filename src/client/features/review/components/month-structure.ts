import type { MonthState } from '../../../../shared/review/review.schema';

/** Whom a month's row is for (issue 38): the organization, or the supervisor on their own. */
export function structureName(month: Pick<MonthState, 'organization' | 'supervisor_name'>): string {
  return month.organization || month.supervisor_name;
}

/**
 * 'Signed off by Dana Reyes on Mar 20, 2026, 3:00 PM' for a signed month, null for another;
 * `formatWhen` writes the instant.
 */
export function signedNote(
  month: Pick<MonthState, 'state' | 'signed_at' | 'signed_by'>,
  formatWhen: (iso: string) => string,
): string | null {
  if (month.state !== 'signed') return null;
  const by = month.signed_by ? ` by ${month.signed_by}` : '';
  const when = month.signed_at ? ` on ${formatWhen(month.signed_at)}` : '';
  return `Signed off${by}${when}`;
}
