import type { FormParty } from '../../../../shared/forms/attestations';
import type {
  FormFigures,
  MonthForm,
  MonthFormRow,
} from '../../../../shared/forms/month-form.schema';
import { logsToReviewText } from '../../../../shared/forms/form-review';
import { paperFormSignedOn, paperFormStatusText } from '../../../../shared/forms/paper-form-status';
import { formatMonthYear, formatUsDate } from '../../../../shared/logs/time';
import { structureFigures, structureVerdict } from '../../../../shared/progress/structure-month';

/** The fieldwork types a form is filled per (the wire's `expereince_type`). */
const FIELDWORK_TYPES: Readonly<Record<number, string>> = {
  1: 'Supervised fieldwork',
  2: 'Concentrated supervised fieldwork',
  // A final form over a period with both: the F-FVF's "Mixed".
  3: 'Mixed fieldwork',
};

export function fieldworkTypeName(type: number): string {
  return FIELDWORK_TYPES[type] ?? 'Fieldwork';
}

const STATE_BADGES: Readonly<Record<MonthFormRow['state'], { label: string; color: string }>> = {
  signed: { label: 'Signed', color: 'green' },
  'signed-late': { label: 'Signed late', color: 'orange' },
  open: { label: 'Open', color: 'blue' },
  overdue: { label: 'At risk', color: 'red' },
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
  // A paper form its supervisor rejected signs nothing (shared/forms/paper-form-status.ts).
  const paper = paperFormSignedOn(row.paper_form);
  if (paper && (!completed || paper <= completed)) {
    return `Signed on paper on ${formatUsDate(paper)}`;
  }
  if (completed) return `Signed by both on ${formatUsDate(completed)}`;
  return `Sign by ${formatUsDate(row.deadline)} · ${daysLeftText(row.days_remaining)}`;
}

/**
 * Where the row's paper form stands with its supervisor, with its date: 'Paper form signed
 * 10/30/2026: declared by the trainee, not yet confirmed by Ana Núñez'; null without one.
 */
export function paperFormText(row: Pick<MonthFormRow, 'paper_form'>): string | null {
  const paper = row.paper_form;
  if (!paper) return null;
  const status = paperFormStatusText(paper);
  return `Paper form signed ${formatUsDate(paper.signed_on)}: ${status.charAt(0).toLowerCase()}${status.slice(1)}`;
}

/**
 * Where the row's logs stand with the supervisor, the Monthly sign-off list's fact on the form's
 * row (issue 36): signed off (locked), or what the supervisor's signature still waits for. Null
 * when neither. `formatWhen` writes the sign-off's instant as that list does.
 */
export function reviewText(
  row: Pick<MonthFormRow, 'logs_waiting' | 'signed_off' | 'supervisor_name' | 'is_month_over'>,
  party: FormParty,
  formatWhen: (iso: string) => string,
): string | null {
  if (row.signed_off) {
    return `Month signed off by ${row.signed_off.signed_by} on ${formatWhen(row.signed_off.signed_at)}: its logs are locked.`;
  }
  const waiting = logsToReviewText(row.logs_waiting);
  if (!waiting || !row.is_month_over) return null;
  return party === 'supervisor'
    ? `Review first: ${waiting}. Approve them before you sign; your signature signs the month off.`
    : `${waiting}: ${row.supervisor_name} approves them before signing.`;
}

/** Whether the supervisor's signature still waits for the row's logs to be approved. */
export function waitsForReview(row: Pick<MonthFormRow, 'logs_waiting'>): boolean {
  return row.logs_waiting.pending + row.logs_waiting.flagged > 0;
}

/**
 * What the form's state does to its hours (decision 024): 'Signed late: hours lost: 10 h', or
 * 'At risk: 83 h not counted until a signed form is recorded'; null when they count.
 */
export function hoursStatusText(row: MonthFormRow): string | null {
  if (row.state === 'signed-late')
    return `Signed late: hours lost: ${formatFormHours(row.lost_hours)} h`;
  if (row.state === 'overdue') {
    return `At risk: ${formatFormHours(row.at_risk_hours)} h not counted until a signed form is recorded`;
  }
  return null;
}

/**
 * What the row's structure keeps of the month, judged on its own (Handbook "Multiple Settings
 * and/or Supervisors"), while its form still counts; the late and overdue lines say the rest.
 */
export function judgementText(
  row: Pick<MonthFormRow, 'judgement' | 'is_month_over'>,
): string | null {
  const { judgement } = row;
  if (!judgement || (judgement.state !== 'signed' && judgement.state !== 'open')) return null;
  const counts = row.is_month_over ? 'Counts' : 'So far counts';
  return `${counts} ${structureFigures(judgement)} ${structureVerdict(judgement)}`;
}

/**
 * What signing costs once the deadline has passed with no signed form (issue 36): said before a
 * form is filled or signed, so its hours do not go from at risk to lost without a word, with
 * the way that keeps them (a paper form signed in time). Null while a signature still counts.
 */
export function lateSigningText(
  row: Pick<MonthFormRow, 'state' | 'deadline' | 'at_risk_hours'>,
  party: FormParty,
): string | null {
  if (row.state !== 'overdue') return null;
  const deadline = formatUsDate(row.deadline);
  const cost = `The deadline was ${deadline}. A form signed now is signed late: its ${formatFormHours(row.at_risk_hours)} h, at risk today, are lost for good.`;
  return party === 'trainee'
    ? `${cost} If it was signed on paper by ${deadline}, record that paper form instead: its hours count.`
    : `${cost} If it was signed on paper by ${deadline}, the trainee records that paper form instead: its hours count.`;
}

/** Decimal hours as the form shows them, to two places at most: 12.5 → '12.5'. */
export function formatFormHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}

/** 'Independent 40 h · Supervised 20 h · Total 60 h · 33.3% supervised': what a form reports. */
export function figuresText(figures: FormFigures): string {
  return [
    `Independent ${formatFormHours(figures.independent_hours)} h`,
    `Supervised ${formatFormHours(figures.supervised_hours)} h`,
    `Total ${formatFormHours(figures.total_hours)} h`,
    `${figures.percent_supervised.toFixed(1)}% supervised`,
  ].join(' · ');
}

type Signatures = Pick<MonthForm, 'trainee_signature' | 'supervisor_signature'> &
  Partial<Pick<MonthForm, 'signers'>>;

/** Whether a party has signed a form (monthly or final). */
export function hasSigned(form: Signatures, party: FormParty): boolean {
  return (party === 'trainee' ? form.trainee_signature : form.supervisor_signature) !== null;
}

/** Whether the form has a place for a party's signature (the F-FVF has none for the trainee). */
export function signsForm(form: Signatures, party: FormParty): boolean {
  return form.signers?.includes(party) ?? true;
}

/** 'Signatures: trainee signed 4/10/2026.' or 'Not signed yet.': a form's signatures so far. */
export function signaturesText(form: Signatures): string {
  const signed = [
    form.trainee_signature
      ? `trainee signed ${formatUsDate(form.trainee_signature.signed_on)}`
      : null,
    form.supervisor_signature
      ? `supervisor signed ${formatUsDate(form.supervisor_signature.signed_on)}`
      : null,
  ].filter(Boolean);
  return signed.length > 0 ? `Signatures: ${signed.join(', ')}.` : 'Not signed yet.';
}

/** 'Dana Supervisor', or 'Acme ABA (Dana Supervisor signs)' for an organization's form. */
export function signerText(row: { supervisor_name: string; organization: string }): string {
  return !row.organization
    ? row.supervisor_name
    : `${row.organization} (${row.supervisor_name} signs)`;
}

/** 'March 2026 · Dana Supervisor · Supervised fieldwork': names a row for people and screen readers. */
export function rowTitle(
  row: Pick<MonthFormRow, 'month' | 'supervisor_name' | 'organization' | 'expereince_type'>,
) {
  return [formatMonthYear(row.month), signerText(row), fieldworkTypeName(row.expereince_type)].join(
    ' · ',
  );
}

/**
 * 'Filled from the blank M-FVF 2022 (Organization) you installed': which blank a form was filled
 * from, in the words of the person reading it (issue 36: "the operator's blank … · 3f9a1c2b" was
 * meant for operators). The blank's SHA-256, to match it against the file, is `templateFingerprint`.
 */
export function templateText(
  form: Pick<MonthForm, 'template' | 'variant_label'>,
  party: FormParty = 'trainee',
): string {
  const whose =
    form.template.source === 'folder'
      ? 'installed on this server for everyone'
      : party === 'trainee'
        ? 'you installed'
        : 'the trainee installed';
  return `Filled from the blank ${form.variant_label} ${whose}`;
}

/** The blank's SHA-256 for a hover title, or undefined when it is not known. */
export function templateFingerprint(form: Pick<MonthForm, 'template'>): string | undefined {
  return form.template.sha256 === '' ? undefined : `SHA-256 of the blank: ${form.template.sha256}`;
}

/** A row's identity: one form per month, supervisor record and fieldwork type. */
export function rowKey(
  row: Pick<MonthFormRow, 'month' | 'trainee_supervisor' | 'expereince_type'>,
) {
  return `${row.month}-${row.trainee_supervisor}-${row.expereince_type}`;
}
