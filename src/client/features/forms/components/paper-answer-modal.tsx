import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { PaperFormAnswerRequestSchema } from '../../../../shared/forms/paper-form.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAnswerPaperForm } from '../api/answer-paper-form';
import { rowTitle } from './month-form-status';

/** Which row's paper form the supervisor answers, and how. */
export type PaperAnswer = { row: MonthFormRow; answer: 'confirmed' | 'rejected' };

/**
 * The supervisor's answer to a paper form the trainee declared (issue 36): confirming says they
 * signed it on that date; rejecting says why not, and its hours then count only once a form
 * signed in time is recorded.
 */
export function PaperAnswerModal({
  pending,
  onClose,
}: {
  pending: PaperAnswer | null;
  onClose: () => void;
}) {
  const answer = useAnswerPaperForm();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const paper = pending?.row.paper_form ?? null;
  const isRejecting = pending?.answer === 'rejected';

  const close = () => {
    setReason('');
    setError(undefined);
    answer.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending || !paper) return;
    const parsed = PaperFormAnswerRequestSchema.safeParse({
      answer: pending.answer,
      ...(isRejecting ? { reason } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await answer.mutateAsync({ id: paper.id, ...parsed.data });
      notifySuccess(isRejecting ? 'Paper form rejected' : 'Paper form confirmed');
      close();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.reason) setError(failure.fields.reason[0]);
      notifyError(failure instanceof ApiError ? failure.message : 'Could not answer it.');
    }
  };

  return (
    <Modal
      opened={pending !== null}
      onClose={close}
      title={isRejecting ? 'Reject this paper form' : 'Confirm this paper form'}
      size="lg"
    >
      {pending && paper ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text fw={600}>{rowTitle(pending.row)}</Text>
            <Text size="sm">
              The trainee recorded this month’s form as signed on paper by both of you on{' '}
              <strong>{formatUsDate(paper.signed_on)}</strong>. Its scan is among the trainee’s
              uploaded forms of that month.
            </Text>
            {isRejecting ? (
              <>
                <Alert color="red" variant="light" title="Its hours stop counting">
                  Rejected, this paper form no longer signs the month: its hours count only once a
                  form signed by the deadline is recorded.
                </Alert>
                <Textarea
                  label="Why? The trainee reads this."
                  required
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  error={error}
                />
              </>
            ) : (
              <Alert color="gray" variant="light" title="Confirmation">
                I signed this form on paper on {formatUsDate(paper.signed_on)}, and the scan is that
                form. Confirming also signs the month off: the month’s logs this form covers are
                locked until I reopen it.
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={answer.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                color={isRejecting ? 'red' : undefined}
                loading={answer.isPending}
              >
                {isRejecting ? 'Reject paper form' : 'Confirm paper form'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
