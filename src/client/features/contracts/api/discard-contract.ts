import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshAfterContractChange } from './contract-cache';

/** DELETE /api/v1/contracts/{id}/: a draft nobody has signed goes (204). */
export function discardContract(id: number) {
  return apiRequest(z.undefined(), `/api/v1/contracts/${id}/`, { method: 'DELETE' });
}

export function useDiscardContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardContract,
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.contracts.detail(id) });
      await refreshAfterContractChange(queryClient, null);
    },
  });
}
