import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ContractSchema, ContractSignSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterContractChange } from './contract-cache';

export type ContractSignature = z.output<typeof ContractSignSchema>;

/**
 * POST /api/v1/contracts/{id}/versions/{n}/sign/: the caller signs the version they read
 * (`revision`) with their typed full name and the intent statement; the last signature puts it
 * in force (or the amendment in effect).
 */
export function signContract({
  id,
  version,
  ...body
}: ContractSignature & { id: number; version: number }) {
  return apiRequest(ContractSchema, `/api/v1/contracts/${id}/versions/${version}/sign/`, {
    method: 'POST',
    body,
  });
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signContract,
    onSuccess: (contract) => refreshAfterContractChange(queryClient, contract),
  });
}
