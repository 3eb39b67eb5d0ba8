import { Paper, Stack, Text, Title } from '@mantine/core';
import { PagedReviewLogs } from './paged-review-logs';

const PAGES = {
  pending: {
    title: 'Pending logs',
    intro: 'Logs your trainees submitted that wait for your review, newest first.',
    empty: 'No pending logs found',
  },
  flagged: {
    title: 'Flagged logs',
    intro:
      'Logs you flagged that wait for the trainee’s correction. A corrected log comes back as pending.',
    empty: 'No flagged logs found',
  },
} as const;

/** /supervisor/pending-logs and /supervisor/flagged-logs (SPEC §2): every trainee's logs of one status. */
function StatusLogsPage({ status }: { status: keyof typeof PAGES }) {
  const page = PAGES[status];
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          {page.title}
        </Title>
        <Text c="dimmed" size="sm">
          {page.intro}
        </Text>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={page.title}>
        <PagedReviewLogs
          key={status}
          filters={{ status }}
          labelledBy={`${status}-logs-title`}
          emptyText={page.empty}
          showDate
        />
        <span id={`${status}-logs-title`} hidden>
          {page.title}
        </span>
      </Paper>
    </Stack>
  );
}

export function PendingLogsPage() {
  return <StatusLogsPage status="pending" />;
}

export function FlaggedLogsPage() {
  return <StatusLogsPage status="flagged" />;
}
