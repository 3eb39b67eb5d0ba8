import { useNavigate, useParams } from 'react-router';
import { EditLogView } from '../../features/logs/components/edit-log-view';
import { NotFoundPage } from '../error-pages';
import { useSupervisorChoices } from './supervisor-choices';

/** /student/editLogHour/{id}: one entry to edit, delete, or read when approved. */
export function EditLogHourPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const logId = Number(id);
  const supervisors = useSupervisorChoices();
  if (!Number.isInteger(logId) || logId <= 0) return <NotFoundPage />;
  return (
    <EditLogView
      logId={logId}
      supervisors={supervisors}
      // SPEC §2: a deleted entry returns to the monthly document, opened on the entry's month.
      onDeleted={(log) =>
        void navigate('/student/monthly-document', { state: { date: log.date_of_experience } })
      }
    />
  );
}
