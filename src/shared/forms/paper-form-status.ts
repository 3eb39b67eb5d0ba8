import { formatUsDate } from '../logs/time';
import type { PaperForm } from './paper-form.schema';

// (issue 36, decision 024) The trainee alone declares a paper form's signing date, so until the
// supervisor answers it is shown as declared and counts (hours are never lost silently); a
// rejected one counts for nothing.

type PaperFormFacts = Pick<
  PaperForm,
  | 'signed_on'
  | 'supervisor_name'
  | 'confirmation'
  | 'answered_at'
  | 'answered_by'
  | 'rejection_reason'
>;

/** The date a paper form signs its row on: its signing date, unless its supervisor rejected it. */
export function paperFormSignedOn(paper: Pick<PaperForm, 'signed_on' | 'confirmation'> | null) {
  return paper && paper.confirmation !== 'rejected' ? paper.signed_on : null;
}

/** 'Declared by the trainee, not yet confirmed by Ana Núñez', 'Confirmed by … on 12/1/2026', … */
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
