import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LinkedTraineeSchema } from '../../../../shared/review/review.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const TraineeListSchema = z.object({ results: z.array(LinkedTraineeSchema) });

/** GET /api/v1/all-trainee/: the trainees who listed the supervisor, removed ones marked. */
export async function listTrainees(signal?: AbortSignal) {
  return (await apiRequest(TraineeListSchema, '/api/v1/all-trainee/', { signal })).results;
}

export function useTrainees() {
  return useQuery({
    queryKey: queryKeys.review.trainees,
    queryFn: ({ signal }) => listTrainees(signal),
  });
}
