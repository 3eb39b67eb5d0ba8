import { formatUsDate } from '../logs/time';
import type { PaperForm } from './paper-form.schema';

/*
 * What a paper form says to people and what it counts for (issue 36, decision 024): the trainee
 * alone declares its signing date, so until the supervisor it names answers it is shown as
 * declared, in the app and in the whole-record export alike, and it counts (hours are never lost
 * silently while the supervisor has not looked); a rejected one counts for nothing.
 */

type PaperFormFacts = Pick<
  PaperForm,
  | 'signed_on'
  | 'supervisor_name'
  | 'confirmation'
  | 'answered_at'
  | 'answered_by'
  | 'rejection_reason'
>;

/**
 * The date a paper form signs its row (the M-FVF of its month, supervisor and type) on: its
 * signing date, unless the supervisor it names rejected it (null).
 */
export function paperFormSignedOn(paper: Pick<PaperForm, 'signed_on' | 'confirmation'> | null) {
  return paper && paper.confirmation !== 'rejected' ? paper.signed_on : null;
}

/**
 * 'Declared by the trainee, not yet confirmed by Ana Núñez', 'Confirmed by Ana Núñez on
 * 12/1/2026' or 'Rejected by Ana Núñez on 12/1/2026: not my signature'.
 */
export function paperFormStatusText(paper: PaperFormFacts): string {
  const on = paper.answered_at ? ` on ${formatUsDate(paper.answered_at.slice(0, 10))}` : '';
  const who = paper.answered_by ?? paper.supervisor_name;
  if (paper.confirmation === 'confirmed') return `Confirmed by ${who}${on}`;
  if (paper.confirmation === 'rejected') {
    const reason = paper.rejection_reason ? `: ${paper.rejection_reason}` : '';
    return `Rejected by ${who}${on}${reason}`;
  }
  return `Declared by the trainee, not yet confirmed by ${paper.supervisor_name}`;
}
