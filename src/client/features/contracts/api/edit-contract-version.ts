import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ContractEditSchema, ContractSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
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
  });
}
