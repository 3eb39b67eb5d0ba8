import { useQuery } from '@tanstack/react-query';
import { RecordFilesAnswerSchema } from '../../../../shared/files/record-file.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Each form's `document` is a download link that works for at least 10 minutes after the answer
 * (server: SIGNED_GET_MIN_SECONDS); the list is read again more often than that, so a link on
 * screen always works.
 */
const LINK_REFRESH_MS = 4 * 60 * 1000;

/**
 * GET /api/v1/record-files/: a trainee's forms, monthly ones per month (newest first) and final
 * ones. A supervisor names the linked trainee (`u_id`); a trainee reads their own.
 */
export function getRecordFiles(traineeId: number | null, signal?: AbortSignal) {
  return apiRequest(RecordFilesAnswerSchema, '/api/v1/record-files/', {
    query: { u_id: traineeId ?? undefined },
    signal,
  });
}

export function useRecordFiles(traineeId: number | null = null) {
  return useQuery({
    queryKey: queryKeys.files.list(traineeId),
    queryFn: ({ signal }) => getRecordFiles(traineeId, signal),
    staleTime: LINK_REFRESH_MS,
    refetchInterval: LINK_REFRESH_MS,
  });
}
