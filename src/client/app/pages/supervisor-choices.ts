import { supervisorDisplayName } from '../../../shared/supervisors/trainee-supervisor.schema';
import type { SupervisorChoices } from '../../components/supervisor-choices';
import { useTraineeSupervisors } from '../../features/supervisors/api/get-trainee-supervisors';
import { ApiError } from '../../lib/api-client';

/** The supervisors feature's list, as the logs feature's Supervisor select offers it. */
export function useSupervisorChoices(): SupervisorChoices {
  const supervisors = useTraineeSupervisors();
  return {
    options: (supervisors.data ?? []).map((row) => ({
      value: String(row.id),
      label: supervisorDisplayName(row) || row.email,
    })),
    isPending: supervisors.isPending,
    errorMessage: supervisors.isError
      ? supervisors.error instanceof ApiError
        ? `Your supervisors could not be loaded: ${supervisors.error.message}`
        : 'Your supervisors could not be loaded.'
      : null,
  };
}
