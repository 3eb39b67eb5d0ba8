import { Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ErrorState } from '../../../components/page-state';
import { useCalendarDates } from '../api/get-dates';
import classes from './review-calendar.module.css';
import { CalendarDot } from './calendar-dot';
import { statusesByDate } from './review-model';

// Mantine's Calendar and dayjs are not in the supervisor's first download (decision 015).
const ReviewCalendarGrid = lazy(() => import('./review-calendar-grid'));

/** The key to the dots; every day also says its statuses in its name. */
function CalendarLegend() {
  return (
    <ul className={classes.legend} aria-label="Calendar key">
      {(['pending', 'approved', 'flagged'] as const).map((status) => (
        <li key={status} className={classes.legendItem}>
          <span className={classes.dots} aria-hidden>
            <CalendarDot status={status} />
          </span>
          <Text size="sm">
            {status === 'pending'
              ? 'Pending (red)'
              : status === 'approved'
                ? 'Approved (green)'
                : 'Flagged (green ring)'}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sign-logs month calendar (SPEC §2, §4): one dot per distinct status on a day, pending red,
 * approved and flagged green, from GET /api/v1/get-dates/ for the visible month. Days are buttons
 * named with their statuses; arrow keys move between them.
 */
export function ReviewCalendar({
  month,
  selectedDate,
  onMonthChange,
  onSelectDate,
}: {
  /** The visible month, 'YYYY-MM'. */
  month: string;
  selectedDate: string;
  onMonthChange: (month: string) => void;
  onSelectDate: (date: string) => void;
}) {
  const dates = useCalendarDates(month);
  const byDate = statusesByDate(dates.data?.dates_status ?? []);
  const isUpdating = dates.isFetching;

  return (
    <Stack gap="sm">
      {/* The grid (Mantine's Calendar, dayjs) loads while the month's dates do; its frame keeps
          the panel's height meanwhile, so nothing below moves. */}
      <Suspense fallback={<div className={classes.gridPlaceholder} aria-busy />}>
        <ReviewCalendarGrid
          month={month}
          selectedDate={selectedDate}
          byDate={byDate}
          isUpdating={isUpdating}
          onMonthChange={onMonthChange}
          onSelectDate={onSelectDate}
        />
      </Suspense>
      <Group justify="space-between" gap="xs" mih={24} wrap="nowrap">
        <CalendarLegend />
        {isUpdating ? <Loader size="xs" aria-label="Loading the month" /> : null}
      </Group>
      {dates.isError ? (
        <ErrorState error={dates.error} onRetry={() => void dates.refetch()} />
      ) : null}
    </Stack>
  );
}
