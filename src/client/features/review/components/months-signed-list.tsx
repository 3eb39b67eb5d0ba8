import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMonthYear } from '../../../../shared/logs/time';
import { ErrorState } from '../../../components/page-state';
import { formatInstant } from '../../../lib/local-date';
import { useMonthStates } from '../api/month-states';
import { MonthStateBadge, monthCounts } from './month-state-badge';
import { signedNote, structureName } from './month-structure';

const SHOWN = 6;

/**
 * The trainee's months and their sign-off (GET /api/v1/month-signoff/), one row per supervisor
 * (or organization) of the month, each signed on its own (issue 38): Signed (its logs locked),
 * Ready for sign-off (every log approved) or Open (logs still to review), newest first.
 */
export function MonthsSignedList() {
  const months = useMonthStates(null);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shown = isShowingAll ? months.data : months.data?.slice(0, SHOWN);

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="months-signed-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="months-signed-title">
            Monthly sign-off
          </Title>
          <Text size="sm" c="dimmed">
            Each supervisor (or organization) signs your month off once every log with them in it is
            approved; those logs are then locked, and your logs with others stay open. Their
            signature on the month’s form (in the app, or confirming a paper one) signs it off too.
          </Text>
        </div>
        {months.isError ? (
          <ErrorState error={months.error} onRetry={() => void months.refetch()} />
        ) : !shown ? (
          <Stack gap="xs" role="status" aria-label="Loading months">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            No months yet: your months appear here once you log hours.
          </Text>
        ) : (
          <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((month) => (
              <Group
                key={`${month.month}-${month.trainee_supervisor}`}
                component="li"
                justify="space-between"
                gap="xs"
                py={8}
                wrap="nowrap"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {formatMonthYear(month.month)} · {structureName(month)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {signedNote(month, formatInstant) ?? monthCounts(month)}
                  </Text>
                </div>
                <MonthStateBadge state={month.state} />
              </Group>
            ))}
          </Stack>
        )}
        {months.data && months.data.length > SHOWN ? (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setIsShowingAll((value) => !value)}
            aria-expanded={isShowingAll}
          >
            {isShowingAll ? 'Show fewer months' : `Show all ${months.data.length} months`}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
