import { MonthLogsList } from '../../features/logs/components/month-logs-list';
import { RecentlyDeleted } from '../../features/logs/components/recently-deleted';

/** /student/logHour's lists under the form: the month's entries and the recently deleted ones. */
export default function LogHourLists({ month }: { month: string }) {
  return (
    <>
      <MonthLogsList month={month} />
      <RecentlyDeleted />
    </>
  );
}
