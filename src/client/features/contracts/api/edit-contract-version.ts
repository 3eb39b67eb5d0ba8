import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ContractEditSchema, ContractSchema } from '../../../../shared/contracts/contract.schema';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshAfterContractChange } from './contract-cache';

export type ContractEdit = z.input<typeof ContractEditSchema>;

/**
 * PUT /api/v1/contracts/{id}/versions/{n}/: a version's title and sections, before anyone has
 * signed it; `revision` is the one the editor started from (a stale edit is refused, 409).
 */
export function editContractVersion({
  id,
  version,
  ...body
}: ContractEdit & { id: number; version: number }) {
  return apiRequest(ContractSchema, `/api/v1/contracts/${id}/versions/${version}/`, {
    method: 'PUT',
    body,
  });
}

export function useEditContractVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editContractVersion,
    onSuccess: (contract) => refreshAfterContractChange(queryClient, contract),
    // Refused because the text changed meanwhile (409): read the new text at once.
    onError: (error, { id }) =>
      error instanceof ApiError && error.code === 'CONFLICT'
        ? queryClient.invalidateQueries({ queryKey: queryKeys.contracts.detail(id) })
        : undefined,
  });
}
