import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MonthForm, MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFillMonthForm } from '../api/fill-month-form';
import { useFvfTemplates } from '../api/get-fvf-templates';
import { useMonthForms } from '../api/get-month-forms';
import { fillProblem, type FillProblem } from './fill-problem';
import { rowKey } from './month-form-status';
import { MonthFormsList } from './month-forms-list';
import { SignFormModal } from './sign-form-modal';
import { TemplateInstall } from './template-install';

/** Where the trainee adds the details the form needs (profile TRAINEE_FORM_DETAILS_ID; features do not import each other). */
const PROFILE_DETAILS_PATH = '/student/profile-screen#official-form-details';

/**
 * The official monthly forms on the Fieldwork Forms page: each month × supervisor × fieldwork
 * type with its figures and deadline; the trainee fills the BACB's form from the logs, signs it,
 * and downloads it (both signatures make it that month's M-FVF record).
 */
export function MonthFormsSection() {
  const query = useMonthForms();
  const fill = useFillMonthForm();
  const templates = useFvfTemplates();
  const [filling, setFilling] = useState<string | null>(null);
  const [problem, setProblem] = useState<FillProblem | null>(null);
  const [signing, setSigning] = useState<MonthForm | null>(null);

  const onFill = async (row: MonthFormRow) => {
    setProblem(null);
    setFilling(rowKey(row));
    try {
      const expereinceType = row.expereince_type === 2 ? 2 : 1;
      await fill.mutateAsync({
        month: row.month,
        trainee_supervisor: row.trainee_supervisor,
        expereince_type: expereinceType,
      });
      notifySuccess('The official form is filled. Sign it next.');
    } catch (error) {
      const known = fillProblem(error);
      if (known) setProblem(known);
      else notifyError(error instanceof ApiError ? error.message : 'Failed to fill the form.');
    } finally {
      setFilling(null);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mfvf-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="mfvf-title">
            Monthly verification forms (official M-FVF)
          </Title>
          <Text size="sm" c="dimmed">
            The BACB’s own form, filled from your logs. You and your supervisor sign it by the last
            day of the following month, or the month’s hours are lost.
          </Text>
          {templates.data ? (
            <Text size="xs" c="dimmed">
              {templates.data.length > 0
                ? `Blank forms installed: ${templates.data.map((t) => t.label).join(', ')}.`
                : 'No blank official form is installed yet: the first fill asks for one.'}
            </Text>
          ) : null}
        </div>
        {problem?.kind === 'template' ? <TemplateInstall message={problem.message} /> : null}
        {problem?.kind === 'profile' ? (
          <Alert color="yellow" variant="light" title="Your profile needs a detail" role="alert">
            <Text size="sm">
              {problem.message}{' '}
              <Anchor component={Link} to={PROFILE_DETAILS_PATH}>
                Add it to your profile
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        <MonthFormsList
          query={query}
          emptyText="Log hours with a supervisor: each month's form appears here once it has hours."
          actions={{
            party: 'trainee',
            onFill: (row) => void onFill(row),
            filling,
            onSign: setSigning,
          }}
        />
      </Stack>
      <SignFormModal form={signing} party="trainee" onClose={() => setSigning(null)} />
    </Paper>
  );
}
