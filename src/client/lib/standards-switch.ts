import { useQuery } from '@tanstack/react-query';
import { StandardsSwitchSchema } from '../../shared/progress/standards-switch.schema';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/*
 * GET /api/v1/standards-switch/: the trainee's record under both standards before the 2027
 * switch (issue 35). Read by the dashboard, Monthly Details and the plan, so it lives here
 * rather than in one feature; under the progress keys, a change of standards refreshes it.
 */

export function getStandardsSwitch(signal?: AbortSignal) {
  return apiRequest(StandardsSwitchSchema, '/api/v1/standards-switch/', { signal });
}

export function useStandardsSwitch() {
  return useQuery({
    queryKey: queryKeys.progress.standardsSwitch,
    queryFn: ({ signal }) => getStandardsSwitch(signal),
  });
}
