import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { useFillMonthForm } from '../api/fill-month-form';
import { useRemovePaperForm } from '../api/remove-paper-form';
import { ApiError } from '../../../lib/api-client';
import { openConfirmModal } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMonthForms } from '../api/get-month-forms';
import { FillProblemAlert } from './fill-problem-alert';
import { rowKey } from './month-form-status';
import { MonthFormsList } from './month-forms-list';
import { LateFillModal } from './late-fill-modal';
import { PaperFormModal } from './paper-form-modal';
import { SignFormModal, type FormToSign } from './sign-form-modal';
import { useFormFill } from './use-form-fill';
import { InstalledTemplates } from './installed-templates';

/**
 * The official monthly forms on the Fieldwork Forms page: each month × supervisor × fieldwork
 * type with its figures and deadline; the trainee fills the BACB's form from the logs, signs it,
 * and downloads it (both signatures make it that month's M-FVF record).
 */
export function MonthFormsSection() {
  const query = useMonthForms();
  const fill = useFillMonthForm();
  const { filling, problem, run } = useFormFill(
    fill.mutateAsync,
    'The official form is filled. Sign it next.',
  );
  const [signing, setSigning] = useState<FormToSign | null>(null);
  const [paperRow, setPaperRow] = useState<MonthFormRow | null>(null);
  // A row past its deadline is filled only after the warning of what signing costs (issue 36).
  const [lateFill, setLateFill] = useState<{ row: MonthFormRow; prorated: boolean } | null>(null);
  const removePaper = useRemovePaperForm();
  const onRemovePaper = (row: MonthFormRow) => {
    const paper = row.paper_form;
    if (!paper) return;
    openConfirmModal({
      title: 'Remove this paper form?',
      children: (
        <Text size="sm">
          Entered wrongly? It stays in the form’s history, and the month’s hours are read again
          without it.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        removePaper.mutate(paper.id, {
          onSuccess: () => notifySuccess('Paper form removed'),
          onError: (error) =>
            notifyError(error instanceof ApiError ? error.message : 'Could not remove it.'),
        });
      },
    });
  };

  const onFill = (row: MonthFormRow, prorated: boolean) =>
    run(rowKey(row), {
      month: row.month,
      trainee_supervisor: row.trainee_supervisor,
      expereince_type: row.expereince_type === 2 ? 2 : 1,
      prorated,
    });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mfvf-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="mfvf-title">
            Monthly verification forms (official M-FVF)
          </Title>
          <Text size="sm" c="dimmed">
            The BACB’s own form, filled from your logs: one per supervisor, or one per organization
            for the supervisors you list at one. You and your supervisor sign it by the last day of
            the following month, or that form’s hours are lost. Past the deadline with no signed
            form, its hours are at risk: signed on paper in time? Record the paper form.
          </Text>
          <InstalledTemplates form="monthly" />
        </div>
        <FillProblemAlert problem={problem} form="monthly" />
        <MonthFormsList
          query={query}
          emptyText="Log hours with a supervisor: each month's form appears here once it has hours."
          actions={{
            party: 'trainee',
            onFill: (row, prorated) =>
              row.state === 'overdue' ? setLateFill({ row, prorated }) : void onFill(row, prorated),
            filling,
            onSign: setSigning,
            onRecordPaper: setPaperRow,
            onRemovePaper,
          }}
        />
      </Stack>
      <SignFormModal form={signing} party="trainee" onClose={() => setSigning(null)} />
      <PaperFormModal row={paperRow} onClose={() => setPaperRow(null)} />
      <LateFillModal
        row={lateFill?.row ?? null}
        onPaper={setPaperRow}
        onFill={(row) => void onFill(row, lateFill?.prorated ?? false)}
        onClose={() => setLateFill(null)}
      />
    </Paper>
  );
}
