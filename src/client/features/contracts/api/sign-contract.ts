import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ContractSchema, ContractSignSchema } from '../../../../shared/contracts/contract.schema';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
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
    // Refused because the text changed meanwhile (409): read the new text at once.
    onError: (error, { id }) =>
      error instanceof ApiError && error.code === 'CONFLICT'
        ? queryClient.invalidateQueries({ queryKey: queryKeys.contracts.detail(id) })
        : undefined,
  });
}
