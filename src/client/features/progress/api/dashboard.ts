import { useQuery } from '@tanstack/react-query';
import { DashboardSchema } from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/dashboard-api/: the charts' figures and the hours that count. */
export function getDashboard(signal?: AbortSignal) {
  return apiRequest(DashboardSchema, '/api/v1/dashboard-api/', { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.progress.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
  });
}
