import { ActionIcon, Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { User } from '../../../../shared/accounts/account.schema';
import type { ConsultationMeeting } from '../../../../shared/supervisors/qualification.schema';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { notifyError } from '../../../lib/notify';
import { useConsultations } from '../api/get-consultations';
import { useDeleteConsultation } from '../api/delete-consultation';
import { ConsultationForm } from './consultation-form';

const formatDate = (value: string) => dayjs(value).format('MMM D, YYYY');

/**
 * A first-year supervisor's consultation meetings (Handbook, "Supervisor Qualifications";
 * "Audits" may ask for "consulting supervisor meetings"), and the first-year months they
 * supervised without one, as warnings.
 */
export function ConsultationsSection({ user }: { user: User }) {
  const consultations = useConsultations();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="consult-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="consult-title">
              Consultations
            </Title>
            <Text size="sm" c="dimmed">
              In your first year of certification, one meeting with your consulting supervisor each
              month you supervise.
            </Text>
          </div>
          {isAdding ? null : (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setIsAdding(true)}
            >
              Add consultation
            </Button>
          )}
        </Group>
        {isAdding ? (
          <ConsultationForm
            defaults={{
              consultant_name: user.supervisor?.consulting_supervisor_name ?? '',
              consultant_bacb_id: user.supervisor?.consulting_supervisor_bacb_id ?? '',
            }}
            onDone={() => setIsAdding(false)}
          />
        ) : null}
        {consultations.isPending ? (
          <LoadingState rows={3} label="Loading your consultations" />
        ) : null}
        {consultations.isError ? (
          <ErrorState error={consultations.error} onRetry={() => void consultations.refetch()} />
        ) : null}
        {consultations.isSuccess ? (
          <>
            {consultations.data.missing.length > 0 ? (
              <Alert color="orange" variant="light" title="Months without a consultation">
                <List size="sm" spacing={4}>
                  {consultations.data.missing.map((flag) => (
                    <List.Item key={flag.month ?? flag.code}>{flag.message}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {consultations.data.results.length === 0 ? (
              <EmptyState title="No consultations recorded">
                Add each monthly meeting with your consulting supervisor.
              </EmptyState>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {consultations.data.results.map((meeting) => (
                  <MeetingRow key={meeting.id} meeting={meeting} />
                ))}
              </Stack>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

function MeetingRow({ meeting }: { meeting: ConsultationMeeting }) {
  const remove = useDeleteConsultation();
  const label = `${formatDate(meeting.met_on)} with ${meeting.consultant_name}`;
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {formatDate(meeting.met_on)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {meeting.consultant_name} · BACB ID {meeting.consultant_bacb_id}
          </Text>
          {meeting.notes ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {meeting.notes}
            </Text>
          ) : null}
        </div>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete the consultation of ${label}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(meeting.id, { onError: () => notifyError('Could not delete it.') })
          }
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
