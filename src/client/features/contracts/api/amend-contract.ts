import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContractSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterContractChange } from './contract-cache';

/**
 * POST /api/v1/contracts/{id}/amendments/: a new draft version from the one in force; the
 * earlier versions stay as they were signed.
 */
export function amendContract(id: number) {
  return apiRequest(ContractSchema, `/api/v1/contracts/${id}/amendments/`, { method: 'POST' });
}

export function useAmendContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: amendContract,
    onSuccess: (contract) => refreshAfterContractChange(queryClient, contract),
  });
}
