// One idea of a signed month (issue 36): the supervisor signs a month's M-FVF only once every log
// it reports is approved, and that signature signs the month off (its logs locked).

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

/** The 409 refusing a supervisor's signature while logs wait, or null when all are approved. */
export function notReviewedMessage(counts: LogsToReview): string | null {
  const text = logsToReviewText(counts);
  if (!text) return null;
  const flaggedNote =
    counts.flagged > 0 ? ' A flagged log waits for the trainee to correct it and resend it.' : '';
  return `${text}: approve every log of the month before signing its form, which signs the month off.${flaggedNote}`;
}
