import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/training-certificate/: removes the supervisor's certificate. */
export function deleteTrainingCertificate() {
  return apiRequest(z.undefined(), '/api/v1/training-certificate/', { method: 'DELETE' });
}

export function useDeleteTrainingCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrainingCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
