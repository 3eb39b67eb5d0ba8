import classes from './review-calendar.module.css';
import { dotColor, type LogStatus } from './review-model';

/** A day's status dot in the review calendar and its key. */
export function CalendarDot({ status }: { status: LogStatus }) {
  const colour = dotColor(status);
  return (
    <span
      className={`${classes.dot} ${classes[colour]} ${status === 'flagged' ? classes.ring : ''}`}
    />
  );
}
