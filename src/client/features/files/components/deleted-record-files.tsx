import { LOG_RECOVERY_DAYS } from '../../../../shared/logs/experience-log.schema';
import { formatMonthYear } from '../../../../shared/logs/time';
import { RecentlyDeletedSection } from '../../../components/recently-deleted-section';
import { formatInstant } from '../../../lib/local-date';
import { useDeletedRecordFiles } from '../api/get-deleted-record-files';
import { useRestoreRecordFile } from '../api/restore-record-file';

/** Forms deleted in the last 30 days (the same window as logs), each with Restore. */
export function DeletedRecordFiles() {
  const deleted = useDeletedRecordFiles();
  const restore = useRestoreRecordFile();

  return (
    <RecentlyDeletedSection
      description={`Deleted forms can be restored for ${LOG_RECOVERY_DAYS} days.`}
      emptyText={`No form deleted in the last ${LOG_RECOVERY_DAYS} days.`}
      loadingLabel="Loading deleted forms"
      query={deleted}
      items={deleted.data?.map((file) => ({
        id: file.id,
        title: file.title,
        detail: [
          file.month ? `M-FVF, ${formatMonthYear(file.month)}` : 'F-FVF',
          file.deleted_at ? `deleted ${formatInstant(file.deleted_at)}` : '',
        ]
          .filter(Boolean)
          .join(' · '),
        restoreLabel: `Restore ${file.title}`,
      }))}
      restore={restore}
    />
  );
}
