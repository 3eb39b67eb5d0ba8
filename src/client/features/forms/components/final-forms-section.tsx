import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { FinalFormRow } from '../../../../shared/forms/final-form.schema';
import { useFillFinalForm } from '../api/fill-final-form';
import { useFinalForms } from '../api/get-final-forms';
import { FillProblemAlert } from './fill-problem-alert';
import type { ChosenPeriod } from './final-form-row';
import { finalRowKey } from './final-form-status';
import { FinalFormsList } from './final-forms-list';
import { InstalledTemplates } from './installed-templates';
import { SignFormModal, type FormToSign } from './sign-form-modal';
import { useFormFill } from './use-form-fill';

/** The section's anchor: the dashboard's F-FVF card links here. */
export const FINAL_FORMS_SECTION_ID = 'official-ffvf';

/**
 * The official final forms on the Fieldwork Forms page: for each supervisor and fieldwork type,
 * the trainee picks the supervision period, fills the BACB's F-FVF with the hours that count,
 * signs it, and downloads it (both signatures keep it among the final forms).
 */
export function FinalFormsSection() {
  const query = useFinalForms();
  const fill = useFillFinalForm();
  const { filling, problem, run } = useFormFill(
    fill.mutateAsync,
    'The official F-FVF is filled. Sign it next.',
  );
  const [signing, setSigning] = useState<FormToSign | null>(null);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // The dashboard's F-FVF card links here: show the section at once.
  useEffect(() => {
    if (hash !== `#${FINAL_FORMS_SECTION_ID}`) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus();
  }, [hash]);

  const onFill = (row: FinalFormRow, period: ChosenPeriod) =>
    run(finalRowKey(row), {
      trainee_supervisor: row.trainee_supervisor,
      from_month: period.fromMonth,
      to_month: period.toMonth,
      prorated: period.prorated,
    });

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="ffvf-title"
      id={FINAL_FORMS_SECTION_ID}
      ref={section}
      tabIndex={-1}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="ffvf-title">
            Final verification forms (official F-FVF)
          </Title>
          <Text size="sm" c="dimmed">
            The BACB’s final form for each supervisor (or each organization, listing its
            supervisors), filled from your logs over the supervision period you choose, supervised
            and concentrated fieldwork in their own columns. It reports the hours that count: a
            month whose M-FVF was signed late, or that misses a requirement, counts less or nothing.
            A month without hours with a supervisor ends a supervision experience, and the next
            month with hours starts another with its own final form (BACB Handbook). The responsible
            supervisor signs it; you keep it and send it with your application.
          </Text>
          <InstalledTemplates form="final" />
        </div>
        <FillProblemAlert problem={problem} form="final" />
        <FinalFormsList
          query={query}
          emptyText="Log hours with a supervisor: their final form appears here."
          actions={{
            party: 'trainee',
            onFill: (row, period) => void onFill(row, period),
            filling,
            onSign: setSigning,
          }}
        />
      </Stack>
      <SignFormModal form={signing} party="trainee" onClose={() => setSigning(null)} />
    </Paper>
  );
}
