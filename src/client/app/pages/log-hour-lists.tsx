import { MonthLogsList } from '../../features/logs/components/month-logs-list';
import { RecentlyDeleted } from '../../features/logs/components/recently-deleted';
import { lazy, Suspense } from 'react';
import { useSupervisorChoices } from './supervisor-choices';

// Its own chunk (IndexedDB and the edit dialog), so that the log page's first download does not
// list its files.
const WaitingToSend = lazy(() => import('../../features/logs/offline/waiting-to-send'));

/**
 * /student/logHour's lists under the form: the entries waiting to send (saved offline), the
 * month's entries and the recently deleted ones.
 */
export default function LogHourLists({ month }: { month: string }) {
  const supervisors = useSupervisorChoices();
  return (
    <>
      <Suspense fallback={null}>
        <WaitingToSend supervisors={supervisors} />
      </Suspense>
      <MonthLogsList month={month} />
      <RecentlyDeleted />
    </>
  );
}
