/*
 * One idea of a signed month (issue 36): the supervisor signs a month's M-FVF (in the app, or by
 * confirming a paper form) only once every log it reports is approved, as "Sign off month"
 * asks, and that signature signs the month off, so its logs are locked and the Monthly sign-off
 * list and the form say the same thing.
 */

/** The form's logs still waiting for the supervisor: pending, or flagged back to the trainee. */
export type LogsToReview = { pending: number; flagged: number };

/** '1 log is not approved yet (1 pending)', '21 logs … (20 pending, 1 flagged)'; null for none. */
export function logsToReviewText(counts: LogsToReview): string | null {
  const waiting = counts.pending + counts.flagged;
  if (waiting === 0) return null;
  const parts = [
    counts.pending > 0 ? `${counts.pending} pending` : null,
    counts.flagged > 0 ? `${counts.flagged} flagged` : null,
  ].filter((part) => part !== null);
  const logs = waiting === 1 ? '1 log is' : `${waiting} logs are`;
  return `${logs} not approved yet (${parts.join(', ')})`;
}

/**
 * The refusal of a supervisor's signature while logs wait (409): what waits, and what to do.
 * Null when every log is approved.
 */
export function notReviewedMessage(counts: LogsToReview): string | null {
  const text = logsToReviewText(counts);
  if (!text) return null;
  const flaggedNote =
    counts.flagged > 0 ? ' A flagged log waits for the trainee to correct it and resend it.' : '';
  return `${text}: approve every log of the month before signing its form, which signs the month off.${flaggedNote}`;
}
