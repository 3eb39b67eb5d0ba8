import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { SupervisorQualification } from '../../../../shared/supervisors/qualification.schema';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { useSupervisorQualifications } from '../api/get-supervisor-qualifications';

const formatDate = (value: string | null) =>
  value ? dayjs(value).format('MMM D, YYYY') : 'not on record';

/**
 * The trainee's linked supervisors as their profiles say (Handbook, "Supervisor Qualifications":
 * "Trainees should confirm the date on which the supervisor completed the training"), with the
 * months the trainee logged with them that they did not qualify for, as warnings.
 */
export function SupervisorQualificationsCard() {
  const qualifications = useSupervisorQualifications();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="supervisor-qualifications-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="supervisor-qualifications-title">
            Your supervisors’ qualifications
          </Title>
          <Text size="sm" c="dimmed">
            From the profiles of the supervisors linked to your account.
          </Text>
        </div>
        {qualifications.isPending ? (
          <LoadingState rows={3} label="Loading your supervisors’ qualifications" />
        ) : null}
        {qualifications.isError ? (
          <ErrorState error={qualifications.error} onRetry={() => void qualifications.refetch()} />
        ) : null}
        {qualifications.isSuccess && qualifications.data.results.length === 0 ? (
          <EmptyState title="No linked supervisors yet">
            A supervisor’s qualification shows here once they accept your request.
          </EmptyState>
        ) : null}
        {qualifications.isSuccess
          ? qualifications.data.results.map((row) => (
              <SupervisorQualificationRow key={row.trainee_supervisor} row={row} />
            ))
          : null}
      </Stack>
    </Paper>
  );
}

function SupervisorQualificationRow({ row }: { row: SupervisorQualification }) {
  const titleId = `supervisor-qualification-${row.trainee_supervisor}`;
  return (
    <Stack gap="xs" component="article" aria-labelledby={titleId}>
      <Group gap="xs" justify="space-between">
        <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {row.supervisor_name}
        </Text>
        {row.flags.length === 0 ? (
          // Dark text: the light badges' own green and orange miss AA contrast on their fills.
          <Badge color="green" variant="light" c="dark.8">
            No warnings
          </Badge>
        ) : (
          <Badge color="orange" variant="light" c="dark.8">
            {row.flags.length === 1 ? '1 warning' : `${row.flags.length} warnings`}
          </Badge>
        )}
      </Group>
      <Text size="sm">
        Certified {formatDate(row.certified_on)} · 8-hour training{' '}
        {formatDate(row.training_completed_on)}
        {row.consulting_supervisor_name
          ? ` · Consulting supervisor ${row.consulting_supervisor_name} (${row.consulting_supervisor_bacb_id || 'no BACB ID'})`
          : ''}
      </Text>
      {row.training_certificate ? (
        <Anchor href={row.training_certificate.url} target="_blank" rel="noopener" size="sm">
          Training certificate: {row.training_certificate.file_name}
        </Anchor>
      ) : null}
      {row.flags.length > 0 ? (
        <Alert color="orange" variant="light" p="sm">
          <List size="sm" spacing={4}>
            {row.flags.map((flag) => (
              <List.Item key={`${flag.code}-${flag.month ?? 'all'}`}>{flag.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
