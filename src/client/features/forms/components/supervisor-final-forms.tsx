import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFinalForms } from '../api/get-final-forms';
import { FinalFormsList } from './final-forms-list';
import { SignFormModal, type FormToSign } from './sign-form-modal';

/**
 * A linked supervisor's view of a trainee's official final forms: the same rows, signed as
 * supervisor and downloaded; only the trainee chooses the period and fills the form.
 */
export function SupervisorFinalForms({ traineeId }: { traineeId: number }) {
  const query = useFinalForms(traineeId);
  const [signing, setSigning] = useState<FormToSign | null>(null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="ffvf-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="ffvf-title">
            Final verification forms (official F-FVF)
          </Title>
          <Text size="sm" c="dimmed">
            The trainee’s final forms for the supervision with you, one per supervision experience
            (a month without hours ends one), with the hours that count. Sign each once it shows the
            period you supervised.
          </Text>
        </div>
        <FinalFormsList
          query={query}
          emptyText="This trainee has no hours with you yet."
          actions={{ party: 'supervisor', onSign: setSigning }}
        />
      </Stack>
      <SignFormModal form={signing} party="supervisor" onClose={() => setSigning(null)} />
    </Paper>
  );
}
