import { useQuery } from '@tanstack/react-query';
import { DashboardTableSchema } from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/dashboard-table-api/: the Monthly Details rows, newest first, with adjusted hours. */
export function getDashboardTable(signal?: AbortSignal) {
  return apiRequest(DashboardTableSchema, '/api/v1/dashboard-table-api/', { signal });
}

export function useDashboardTable() {
  return useQuery({
    queryKey: queryKeys.progress.dashboardTable,
    queryFn: ({ signal }) => getDashboardTable(signal),
  });
}
