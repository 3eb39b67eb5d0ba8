import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RecordFileSchema } from '../../../../shared/files/record-file.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const DeletedRecordFilesSchema = z.object({ results: z.array(RecordFileSchema) });

/** GET /api/v1/record-files/deleted/: the trainee's forms deleted in the last 30 days. */
export async function getDeletedRecordFiles(signal?: AbortSignal) {
  const answer = await apiRequest(DeletedRecordFilesSchema, '/api/v1/record-files/deleted/', {
    signal,
  });
  return answer.results;
}

export function useDeletedRecordFiles() {
  return useQuery({
    queryKey: queryKeys.files.deleted,
    queryFn: ({ signal }) => getDeletedRecordFiles(signal),
  });
}
