import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMonthForms } from '../api/get-month-forms';
import { MonthFormsList } from './month-forms-list';
import { PaperAnswerModal, type PaperAnswer } from './paper-answer-modal';
import { SignFormModal, type FormToSign } from './sign-form-modal';

/**
 * A linked supervisor's view of a trainee's official monthly forms: the same rows, signed as
 * supervisor and downloaded; only the trainee fills a form.
 */
export function SupervisorMonthForms({ traineeId }: { traineeId: number }) {
  const query = useMonthForms(traineeId);
  const [signing, setSigning] = useState<FormToSign | null>(null);
  const [answering, setAnswering] = useState<PaperAnswer | null>(null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mfvf-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="mfvf-title">
            Monthly verification forms (official M-FVF)
          </Title>
          <Text size="sm" c="dimmed">
            Sign each month’s form by the last day of the following month, or its hours are lost. A
            form the trainee records as signed on paper counts, shown as declared by them, until you
            confirm or reject it.
          </Text>
        </div>
        <MonthFormsList
          query={query}
          // A supervisor is listed the forms they sign: at an organization, the responsible
          // supervisor's alone, so another one there sees none for months they logged hours in.
          emptyTitle="No forms for you to sign"
          emptyText="This trainee's monthly forms that you sign appear here once they have hours. At an organization, its responsible supervisor signs the one form for everyone there."
          actions={{
            party: 'supervisor',
            onSign: setSigning,
            onAnswerPaper: (row, answer) => setAnswering({ row, answer }),
          }}
        />
      </Stack>
      <SignFormModal form={signing} party="supervisor" onClose={() => setSigning(null)} />
      <PaperAnswerModal pending={answering} onClose={() => setAnswering(null)} />
    </Paper>
  );
}
