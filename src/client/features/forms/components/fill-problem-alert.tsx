import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FvfFormName } from '../../../../shared/forms/fvf-template.schema';
import type { FillProblem } from './fill-problem';
import { TemplateInstall } from './template-install';

/** Where the trainee adds the details the form needs (profile TRAINEE_FORM_DETAILS_ID; features do not import each other). */
const PROFILE_DETAILS_PATH = '/student/profile-screen#official-form-details';

/**
 * What a refused fill asks of the trainee, beside the rows: install the blank form, or add a
 * detail to their profile. Nothing when the fill went through or a toast said why not.
 */
export function FillProblemAlert({
  problem,
  form,
}: {
  problem: FillProblem | null;
  form: FvfFormName;
}) {
  if (problem?.kind === 'template')
    return <TemplateInstall message={problem.message} form={form} />;
  if (problem?.kind !== 'profile') return null;
  return (
    <Alert color="yellow" variant="light" title="Your profile needs a detail" role="alert">
      <Text size="sm">
        {problem.message}{' '}
        <Anchor component={Link} to={PROFILE_DETAILS_PATH}>
          Add it to your profile
        </Anchor>
      </Text>
    </Alert>
  );
}
