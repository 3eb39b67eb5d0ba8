import { LOG_RECOVERY_DAYS } from '../../../../shared/logs/experience-log.schema';
import { RecentlyDeletedSection } from '../../../components/recently-deleted-section';
import { formatInstant } from '../../../lib/local-date';
import { useDeletedLogs } from '../api/get-deleted-logs';
import { useRestoreLog } from '../api/restore-log';
import { logDescription, logWhen } from './log-summary';

/** Logs deleted in the last 30 days, each with Restore. */
export function RecentlyDeleted() {
  const deleted = useDeletedLogs();
  const restore = useRestoreLog();

  return (
    <RecentlyDeletedSection
      description={`Deleted entries can be restored for ${LOG_RECOVERY_DAYS} days.`}
      emptyText={`Nothing deleted in the last ${LOG_RECOVERY_DAYS} days.`}
      loadingLabel="Loading deleted entries"
      query={deleted}
      items={deleted.data?.map((log) => ({
        id: log.id,
        title: logWhen(log),
        detail: `${logDescription(log)}${log.deleted_at ? ` · deleted ${formatInstant(log.deleted_at)}` : ''}`,
        restoreLabel: `Restore the entry of ${logWhen(log)}`,
      }))}
      restore={restore}
    />
  );
}
