import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { LinkRequest } from '../../../../shared/supervisors/link-request.schema';
import { ApiError } from '../../../lib/api-client';
import { openConfirmModal } from '../../../lib/confirm';
import { formatInstant } from '../../../lib/local-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAnswerLinkRequest, type LinkAnswer } from '../api/answer-link-request';

function RequestRow({ request }: { request: LinkRequest }) {
  const answer = useAnswerLinkRequest();
  const name = request.trainee_name;
  const headingId = `link-request-${request.id}`;
  const send = async (choice: LinkAnswer) => {
    try {
      await answer.mutateAsync({ id: request.id, answer: choice });
      notifySuccess(
        choice === 'accept'
          ? `${name} is now one of your trainees.`
          : `You declined ${name}’s request.`,
      );
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'The answer could not be sent.');
    }
  };
  // A decline is final (the trainee cannot ask again): it is confirmed first.
  const confirmDecline = () =>
    openConfirmModal({
      title: `Decline ${name}’s request?`,
      children: (
        <Text size="sm">
          {name} will not appear in your lists, and you will not see their logs. They will see that
          you declined and cannot ask you again.
        </Text>
      ),
      labels: { confirm: 'Decline', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void send('decline'),
    });
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-labelledby={headingId}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={headingId}>
            {name}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {request.trainee_email} · asked {formatInstant(request.requested_at)}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={answer.isPending && answer.variables?.answer === 'accept'}
            disabled={answer.isPending}
            // The visible word first, then whom (axe's label-content-name-mismatch).
            aria-label={`Accept ${name}`}
            onClick={() => void send('accept')}
          >
            Accept
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            loading={answer.isPending && answer.variables?.answer === 'decline'}
            disabled={answer.isPending}
            aria-label={`Decline ${name}`}
            onClick={confirmDecline}
          >
            Decline
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The requests themselves, each with its Accept and Decline: loaded (by trainee-requests-card.tsx)
 * only when one is waiting, outside the supervisor home's first download.
 */
export default function TraineeRequestsList({ requests }: { requests: LinkRequest[] }) {
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="trainee-requests-title"
      style={{ borderLeftWidth: 4, borderLeftColor: 'var(--mantine-color-blue-7)' }}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="trainee-requests-title">
            Trainee requests
          </Title>
          <Text size="sm" c="dimmed">
            These trainees listed you as their supervisor. You see their logs, hours and forms only
            once you accept.
          </Text>
        </Stack>
        <Stack component="ul" gap="sm" m={0} p={0} aria-label="Trainees waiting for your answer">
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
