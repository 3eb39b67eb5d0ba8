import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSupervisorSummary } from '../api/get-supervisor';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A line under the title: how many trainees, and the logs waiting (GET /api/v1/get-supervisor/). */
export function SupervisorSummary() {
  const summary = useSupervisorSummary();
  if (summary.isError) return null;
  if (!summary.data) return <Skeleton height={20} width={260} aria-hidden />;
  const { trainees, pending_logs: pending, flagged_logs: flagged } = summary.data;
  return (
    <Group gap="md" mih={20}>
      <Anchor component={Link} to="/supervisor/trainees" size="sm">
        {plural(trainees, 'trainee')}
      </Anchor>
      <Anchor component={Link} to="/supervisor/pending-logs" size="sm">
        {plural(pending, 'log')} pending
      </Anchor>
      <Anchor component={Link} to="/supervisor/flagged-logs" size="sm">
        {plural(flagged, 'log')} flagged
      </Anchor>
      {pending > 0 ? null : (
        <Text size="sm" c="dimmed">
          Nothing waits for your review.
        </Text>
      )}
    </Group>
  );
}
