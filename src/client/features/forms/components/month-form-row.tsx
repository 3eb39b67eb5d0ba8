import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { IconFileText, IconFileUpload } from '@tabler/icons-react';
import type { FormParty } from '../../../../shared/forms/attestations';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { paperFormSignedOn } from '../../../../shared/forms/paper-form-status';
import { addDays, formatUsDate, monthEnd } from '../../../../shared/logs/time';
import { FormRowActions, FormRowTitle, type FormRowParty } from './form-row-parts';
import {
  deadlineText,
  figuresText,
  hoursStatusText,
  judgementText,
  lateSigningText,
  paperFormText,
  reviewText,
  rowKey,
  rowTitle,
  signaturesText,
  stateBadge,
  templateFingerprint,
  templateText,
  waitsForReview,
} from './month-form-status';
import { formatInstant } from '../../../lib/local-date';

/** What the viewer can do: a trainee fills and signs, a supervisor only signs. */
export type MonthFormRowActions = FormRowParty & {
  /** Fills the row's form; `prorated`: the month was partial (the form's prorated box). */
  onFill?: (row: MonthFormRow, prorated: boolean) => void;
  /** The key (month-form-status `rowKey`) of the row being filled, if any. */
  filling?: string | null;
  /** Opens "Record a paper form" for a row with no signed form (trainee only). */
  onRecordPaper?: (row: MonthFormRow) => void;
  /** Removes the row's paper form, entered wrongly (trainee only). */
  onRemovePaper?: (row: MonthFormRow) => void;
  /** Confirms or rejects the row's paper form the trainee declared (its supervisor only). */
  onAnswerPaper?: (row: MonthFormRow, answer: 'confirmed' | 'rejected') => void;
};

/** The line under the figures saying what is left to do, if anything. */
function nextStep(row: MonthFormRow, party: FormParty): string | null {
  if (!row.is_month_over) {
    return `Can be filled from ${formatUsDate(addDays(monthEnd(row.month), 1))}.`;
  }
  const { form } = row;
  // Signed on paper, the month has its form: nothing to fill in the app.
  if (!form && paperFormSignedOn(row.paper_form)) return null;
  if (!form) return party === 'trainee' ? null : 'The trainee has not filled this form yet.';
  if (form.is_complete && row.is_outdated) {
    // Signed before its month was locked, and a log changed since (issue 36).
    return party === 'trainee'
      ? `Your logs changed after this form was signed: it no longer shows them. Ask ${row.supervisor_name} to reopen the month, which voids it, then fill and sign a new one.`
      : 'The logs changed after this form was signed: it no longer shows them. Reopen the month to void it; the trainee then fills a new one for both of you to sign.';
  }
  if (form.is_complete) return null;
  if (row.is_outdated) {
    return party === 'trainee'
      ? 'Your logs changed since this form was filled: fill it again before signing.'
      : 'The logs changed since this form was filled: the trainee fills it again before it is signed.';
  }
  return signaturesText(form);
}

/** One month × supervisor × fieldwork type: figures, deadline state and the form's actions. */
export function MonthFormRowItem({
  row,
  actions,
}: {
  row: MonthFormRow;
  actions: MonthFormRowActions;
}) {
  const badge = stateBadge(row.state);
  const title = rowTitle(row);
  const { form } = row;
  // A form signed on paper is the month's form: nothing to fill in the app (unless its
  // supervisor rejected it).
  const canFill =
    actions.onFill !== undefined &&
    row.is_month_over &&
    paperFormSignedOn(row.paper_form) === null &&
    (!form || (!form.is_complete && row.is_outdated));
  const step = nextStep(row, actions.party);
  const hoursStatus = hoursStatusText(row);
  const judgement = judgementText(row);
  // A rejected paper form is removed before another is recorded (one per form).
  const canRecordPaper =
    actions.onRecordPaper !== undefined &&
    row.is_month_over &&
    row.signed_on === null &&
    row.paper_form === null;
  const paperStatus = paperFormText(row);
  // Past the deadline, recording a paper form signed in time is what keeps the hours: the main
  // action, before filling a form that would be signed late (issue 36).
  const isOverdue = row.state === 'overdue';
  const canAnswerPaper =
    actions.onAnswerPaper !== undefined && row.paper_form?.confirmation === 'declared';
  const review = reviewText(row, actions.party, formatInstant);
  // The supervisor's signature (or confirmation) waits for every log to be approved.
  const isWaitingForReview = actions.party === 'supervisor' && waitsForReview(row);
  const [isProrated, setProrated] = useState(false);

  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 260px' }}>
        <FormRowTitle title={title} badge={badge} />
        <Text size="sm">{figuresText(row.figures)}</Text>
        {judgement ? (
          <Text size="sm" fw={600}>
            {judgement}
          </Text>
        ) : null}
        <Text size="sm" c={row.state === 'overdue' ? 'red.8' : 'dimmed'}>
          {deadlineText(row)}
        </Text>
        {hoursStatus ? (
          <Text size="sm" fw={600} c={row.state === 'overdue' ? 'red.8' : 'orange.9'}>
            {hoursStatus}
          </Text>
        ) : null}
        {review ? (
          <Text size="sm" c={isWaitingForReview ? 'orange.9' : 'dimmed'}>
            {review}
          </Text>
        ) : null}
        {paperStatus ? (
          <Text
            size="sm"
            c={row.paper_form?.confirmation === 'rejected' ? 'red.8' : 'dimmed'}
            fw={row.paper_form?.confirmation === 'confirmed' ? undefined : 600}
          >
            {paperStatus}
          </Text>
        ) : null}
        {step ? (
          <Text size="sm" c="dimmed">
            {step}
          </Text>
        ) : null}
        {form ? (
          <Text size="xs" c="dimmed" title={templateFingerprint(form)}>
            {templateText(form, actions.party)}
          </Text>
        ) : null}
      </div>
      <Group gap="xs">
        {canFill && actions.onFill ? (
          <Checkbox
            size="xs"
            label="Partial month (prorated)"
            checked={isProrated}
            onChange={(event) => setProrated(event.currentTarget.checked)}
            aria-label={`Partial month, prorated hours: ${title}`}
          />
        ) : null}
        {canFill && actions.onFill ? (
          <Button
            size="xs"
            variant={isOverdue ? 'light' : 'filled'}
            leftSection={<IconFileText size={16} aria-hidden />}
            loading={actions.filling === rowKey(row)}
            onClick={() => actions.onFill?.(row, isProrated)}
            aria-label={`Fill the official form for ${title}`}
          >
            {form ? 'Fill the official form again' : 'Fill the official form'}
          </Button>
        ) : null}
        {canRecordPaper ? (
          <Button
            size="xs"
            variant={isOverdue ? 'filled' : 'light'}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            onClick={() => actions.onRecordPaper?.(row)}
            aria-label={`Record a paper form for ${title}`}
          >
            Record a paper form
          </Button>
        ) : null}
        {canAnswerPaper ? (
          <>
            {isWaitingForReview ? null : (
              <Button
                size="xs"
                onClick={() => actions.onAnswerPaper?.(row, 'confirmed')}
                aria-label={`Confirm the paper form of ${title}`}
              >
                Confirm paper form
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => actions.onAnswerPaper?.(row, 'rejected')}
              aria-label={`Reject the paper form of ${title}`}
            >
              Reject
            </Button>
          </>
        ) : null}
        {actions.onRemovePaper && row.paper_form ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => actions.onRemovePaper?.(row)}
            aria-label={`Remove the paper form of ${title}`}
          >
            Remove paper form
          </Button>
        ) : null}
        <FormRowActions
          form={
            form && {
              ...form,
              kind: 'monthly',
              title,
              lateWarning: lateSigningText(row, actions.party),
              qualificationFlags: row.qualification_flags,
              onPaperInstead: canRecordPaper ? () => actions.onRecordPaper?.(row) : undefined,
            }
          }
          canSign={form !== null && !form.is_complete && !row.is_outdated && !isWaitingForReview}
          actions={actions}
        />
      </Group>
    </Group>
  );
}
