import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DocumentedTaskSchema } from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const DocumentedTasksSchema = z.object({ results: z.array(DocumentedTaskSchema) });

/**
 * GET /api/v1/get-trainee-task/?month=YYYY-MM: each task the trainee documented, with its dates
 * and how many logs name it; without a month, of all time.
 */
export async function getDocumentedTasks(month: string | null, signal?: AbortSignal) {
  const response = await apiRequest(DocumentedTasksSchema, '/api/v1/get-trainee-task/', {
    query: { month: month ?? undefined },
    signal,
  });
  return response.results;
}

/** The task grid's data: of one month, or of all time when `month` is null. */
export function useDocumentedTasks(month: string | null) {
  return useQuery({
    queryKey: queryKeys.progress.documentedTasks(month),
    queryFn: ({ signal }) => getDocumentedTasks(month, signal),
    // Moving between months keeps the previous grid on screen instead of a blank one.
    placeholderData: (previous) => previous,
  });
}
