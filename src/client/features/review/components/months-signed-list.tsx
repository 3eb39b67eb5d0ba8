import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMonthYear } from '../../../../shared/logs/time';
import { ErrorState } from '../../../components/page-state';
import { formatInstant } from '../../../lib/local-date';
import { useMonthStates } from '../api/month-states';
import { MonthStateBadge, monthCounts } from './month-state-badge';

const SHOWN = 6;

/**
 * The trainee's months and their sign-off (GET /api/v1/month-signoff/): Signed (locked), Ready for
 * sign-off (every log approved) or Open (logs still to review), newest first.
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
            Your supervisor signs a month once every log in it is approved; its logs are then
            locked. Their signature on the month’s form (in the app, or confirming a paper one)
            signs it off too.
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
                key={month.month}
                component="li"
                justify="space-between"
                gap="xs"
                py={8}
                wrap="nowrap"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {formatMonthYear(month.month)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {month.state === 'signed' && month.signed_at
                      ? `Signed ${formatInstant(month.signed_at)}${month.signed_by ? ` by ${month.signed_by}` : ''}`
                      : monthCounts(month)}
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
