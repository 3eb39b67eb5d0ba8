import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isValidDate, isValidMonth } from '../../../../shared/logs/time';
import { localToday } from '../../../lib/local-date';
import { useReviewLogs } from '../api/list-logs';
import { DayBulkApproval } from './day-bulk-approval';
import { ReviewCalendar } from './review-calendar';
import { ReviewLogsTable } from './review-logs-table';
import { formatLongDate, pendingByTrainee } from './review-model';
import { SupervisorSummary } from './supervisor-summary';

/** The chosen day and visible month live in the address (?date=&month=): back and reload keep them. */
function useCalendarScope() {
  const [params, setParams] = useSearchParams();
  const dateParam = params.get('date');
  const date = dateParam && isValidDate(dateParam) ? dateParam : localToday();
  const monthParam = params.get('month');
  const month = monthParam && isValidMonth(monthParam) ? monthParam : date.slice(0, 7);
  const update = (next: { date?: string; month?: string }) =>
    setParams({ date: next.date ?? date, month: next.month ?? month }, { replace: true });
  return { date, month, update };
}

/**
 * /supervisor/signlogs (SPEC §2): the month calendar with its status dots and the chosen day's
 * logs, with View / Approve / Flag per log and, per trainee, "Approve all pending logs of this
 * day" after seeing them. `attention` (the page gives the at-risk list) goes above the calendar.
 */
export function SignLogsPage({ attention }: { attention?: ReactNode }) {
  const { date, month, update } = useCalendarScope();
  const logs = useReviewLogs({ date });
  const batches = pendingByTrainee(logs.data ?? []);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Sign logs
        </Title>
        <Text c="dimmed" size="sm">
          Choose a day to review your trainees’ logs: approve them, or flag what needs correcting.
        </Text>
        <SupervisorSummary />
      </Stack>
      {attention}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-label="Calendar">
            <ReviewCalendar
              month={month}
              selectedDate={date}
              onMonthChange={(next) => update({ month: next })}
              onSelectDate={(next) => update({ date: next, month: next.slice(0, 7) })}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper
            withBorder
            p={{ base: 'sm', sm: 'lg' }}
            component="section"
            aria-labelledby="day-logs-title"
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id="day-logs-title" aria-live="polite">
                {formatLongDate(date)}
              </Title>
              <DayBulkApproval groups={batches} />
              <ReviewLogsTable
                logs={logs.data}
                error={logs.error}
                onRetry={() => void logs.refetch()}
                labelledBy="day-logs-title"
                emptyText="No logs found"
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
