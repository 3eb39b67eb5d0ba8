import type { ExperienceLog } from '../../../shared/logs/experience-log.schema';
import { LogHistoryView } from '../../features/logs/components/log-history';
import { useReviewLogHistory } from '../../features/review/api/get-log-history';
import { LogDetailsPage } from '../../features/review/components/log-details-page';

/** /supervisor/log-details/{id}: the review of a log, and below it what changed in it. */
export function SupervisorLogDetailsPage() {
  return <LogDetailsPage history={(log) => <SupervisedLogHistory log={log} />} />;
}

/** The log's history as its supervisor reads it; the log names only its own supervisor record. */
function SupervisedLogHistory({ log }: { log: ExperienceLog }) {
  const history = useReviewLogHistory(log.id);
  const supervisorName = (id: number) =>
    id === log.trainee_supervisor ? log.supervisor_name : undefined;
  return <LogHistoryView history={history} supervisorName={supervisorName} />;
}
