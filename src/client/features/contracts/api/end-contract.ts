import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ContractEndSchema, ContractSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterContractChange } from './contract-cache';

export type ContractEnd = z.input<typeof ContractEndSchema>;

/**
 * POST /api/v1/contracts/{id}/end/: either party ends the contract on a date, saying why; hours
 * after it need a new contract.
 */
export function endContract({ id, ...body }: ContractEnd & { id: number }) {
  return apiRequest(ContractSchema, `/api/v1/contracts/${id}/end/`, { method: 'POST', body });
}

export function useEndContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endContract,
    onSuccess: (contract) => refreshAfterContractChange(queryClient, contract),
  });
}
