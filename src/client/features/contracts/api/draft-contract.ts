import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ContractDraftSchema, ContractSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterContractChange } from './contract-cache';

export type ContractDraft = z.infer<typeof ContractDraftSchema>;

/** POST /api/v1/contracts/: a draft v1 from the template, for one structure (trainee only). */
export function draftContract(body: ContractDraft) {
  return apiRequest(ContractSchema, '/api/v1/contracts/', { method: 'POST', body });
}

export function useDraftContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: draftContract,
    onSuccess: (contract) => refreshAfterContractChange(queryClient, contract),
  });
}
