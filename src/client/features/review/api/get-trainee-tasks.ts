import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DocumentedTaskSchema } from '../../../../shared/progress/accrued.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const DocumentedTasksSchema = z.object({ results: z.array(DocumentedTaskSchema) });

/**
 * GET /api/v1/get-trainee-task/?u_id=&month=: the tasks a linked trainee documented, with their
 * dates and counts; without a month, of all time.
 */
export async function getTraineeTasks(
  traineeId: number,
  month: string | null,
  signal?: AbortSignal,
) {
  const response = await apiRequest(DocumentedTasksSchema, '/api/v1/get-trainee-task/', {
    query: { u_id: traineeId, month: month ?? undefined },
    signal,
  });
  return response.results;
}

/** The supervisor's task grid of a trainee; nothing is asked until a trainee is chosen. */
export function useTraineeTasks(traineeId: number | null, month: string | null) {
  return useQuery({
    queryKey: queryKeys.review.documentedTasks(traineeId ?? 0, month),
    queryFn: ({ signal }) => getTraineeTasks(traineeId ?? 0, month, signal),
    enabled: traineeId !== null,
    placeholderData: keepPreviousData,
  });
}
