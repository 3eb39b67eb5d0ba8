import {
  hasAccess,
  supervisorDisplayName,
} from '../../../shared/supervisors/trainee-supervisor.schema';
import type { SupervisorChoices } from '../../components/supervisor-choices';
import { useTraineeSupervisors } from '../../features/supervisors/api/get-trainee-supervisors';
import { ApiError } from '../../lib/api-client';

/** The supervisors feature's list, as the logs feature's Supervisor select offers it. */
export function useSupervisorChoices(): SupervisorChoices {
  const supervisors = useTraineeSupervisors();
  return {
    options: (supervisors.data ?? []).map((row) => ({
      value: String(row.id),
      // A former supervisor stays named on old logs; the server refuses them on new ones.
      label: `${supervisorDisplayName(row) || row.email}${hasAccess(row) ? '' : ' (access ended)'}`,
    })),
    isPending: supervisors.isPending,
    errorMessage: supervisors.isError
      ? supervisors.error instanceof ApiError
        ? `Your supervisors could not be loaded: ${supervisors.error.message}`
        : 'Your supervisors could not be loaded.'
      : null,
  };
}
