import { MonthLogsList } from '../../features/logs/components/month-logs-list';
import { RecentlyDeleted } from '../../features/logs/components/recently-deleted';
import WaitingToSend from '../../features/logs/offline/waiting-to-send';
import { useSupervisorChoices } from './supervisor-choices';

/**
 * /student/logHour's lists under the form: the entries waiting to send (saved offline), the
 * month's entries and the recently deleted ones.
 */
export default function LogHourLists({ month }: { month: string }) {
  const supervisors = useSupervisorChoices();
  return (
    <>
      <WaitingToSend supervisors={supervisors} />
      <MonthLogsList month={month} />
      <RecentlyDeleted />
    </>
  );
}
