import { Calendar, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { CalendarDot } from './calendar-dot';
import classes from './review-calendar.module.css';
import { dayAriaLabel, type LogStatus } from './review-model';

/** ReviewCalendar's month grid (Mantine's Calendar and dayjs), loaded beside the page's data. */
export default function ReviewCalendarGrid({
  month,
  selectedDate,
  byDate,
  isUpdating,
  onMonthChange,
  onSelectDate,
}: {
  month: string;
  selectedDate: string;
  byDate: Map<string, LogStatus[]>;
  isUpdating: boolean;
  onMonthChange: (month: string) => void;
  onSelectDate: (date: string) => void;
}) {
  return (
    <>
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
            // The month shown, then what the button does: its name holds its visible text
            // (the month, or the year one level up), so a voice-control user can say it.
            monthLevelControl: `${dayjs(`${month}-01`).format('MMMM YYYY')}, choose a month`,
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
                  <CalendarDot key={status} status={status} />
                ))}
              </span>
            </span>
          )}
        />
      </DatesProvider>
    </>
  );
}
