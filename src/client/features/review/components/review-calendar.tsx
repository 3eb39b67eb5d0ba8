import { Group, Loader, Stack, Text } from '@mantine/core';
import { Calendar, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { ErrorState } from '../../../components/page-state';
import { useCalendarDates } from '../api/get-dates';
import classes from './review-calendar.module.css';
import { dayAriaLabel, dotColor, statusesByDate, type LogStatus } from './review-model';

function Dot({ status }: { status: LogStatus }) {
  const colour = dotColor(status);
  return (
    <span
      className={`${classes.dot} ${classes[colour]} ${status === 'flagged' ? classes.ring : ''}`}
    />
  );
}

/** The key to the dots; every day also says its statuses in its name. */
function CalendarLegend() {
  return (
    <ul className={classes.legend} aria-label="Calendar key">
      {(['pending', 'approved', 'flagged'] as const).map((status) => (
        <li key={status} className={classes.legendItem}>
          <span className={classes.dots} aria-hidden>
            <Dot status={status} />
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
      {/* Six weeks in every month: the panel keeps its height from month to month. */}
      <DatesProvider settings={{ consistentWeeks: true }}>
        <Calendar
          className={classes.calendar}
          date={`${month}-01`}
          onDateChange={(date) => onMonthChange(date.slice(0, 7))}
          maxLevel="year"
          hideOutsideDates
          weekendDays={[]}
          highlightToday
          fullWidth
          size="md"
          aria-busy={isUpdating}
          ariaLabels={{
            previousMonth: 'Previous month',
            nextMonth: 'Next month',
            monthLevelControl: 'Choose a month',
            previousYear: 'Previous year',
            nextYear: 'Next year',
          }}
          getDayAriaLabel={(date) =>
            dayAriaLabel(dayjs(date).format('dddd, MMMM D, YYYY'), byDate.get(date) ?? [])
          }
          getDayProps={(date) => ({
            selected: date === selectedDate,
            'aria-pressed': date === selectedDate,
            onClick: () => onSelectDate(date),
          })}
          renderDay={(date) => (
            <span className={classes.day}>
              <span>{dayjs(date).date()}</span>
              <span className={classes.dots} aria-hidden>
                {(byDate.get(date) ?? []).map((status) => (
                  <Dot key={status} status={status} />
                ))}
              </span>
            </span>
          )}
        />
      </DatesProvider>
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
