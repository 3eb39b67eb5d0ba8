import { Stack, Text, Title } from '@mantine/core';
import { FORM_EDITION_NOTE } from '../../../shared/forms/form-edition';
import { DeletedRecordFiles } from '../../features/files/components/deleted-record-files';
import { FieldworkFormsInfo } from '../../features/files/components/fieldwork-forms-info';
import { TraineeForms } from '../../features/files/components/trainee-forms';
import { FinalFormsSection } from '../../features/forms/components/final-forms-section';
import { MonthFormsSection } from '../../features/forms/components/month-forms-section';
import { useSupervisorChoices } from './supervisor-choices';

/**
 * /student/upload, "Fieldwork Forms" (SPEC §2): what the forms are and where the blank ones are,
 * then the official monthly and final forms filled from the logs, the trainee's uploaded forms
 * (the upload modal picks from the supervisors feature's list), and those deleted in the last
 * 30 days.
 */
export function FieldworkFormsPage() {
  const supervisors = useSupervisorChoices();
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          Fieldwork Forms
        </Title>
        <Text c="dimmed" size="sm">
          Your signed verification forms, kept together for the BACB.
        </Text>
        <Text size="sm" mt={4}>
          {FORM_EDITION_NOTE}
        </Text>
      </div>
      <FieldworkFormsInfo />
      <MonthFormsSection />
      <FinalFormsSection />
      <TraineeForms supervisors={supervisors} />
      <DeletedRecordFiles />
    </Stack>
  );
}
