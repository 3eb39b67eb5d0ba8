import { useQuery } from '@tanstack/react-query';
import { ContractSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/contracts/{id}/: one contract with every version, its signers and its flags. */
export function getContract(id: number, signal?: AbortSignal) {
  return apiRequest(ContractSchema, `/api/v1/contracts/${id}/`, { signal });
}

/** `id` null (a path that names no contract): nothing is asked. */
export function useContract(id: number | null) {
  return useQuery({
    queryKey: queryKeys.contracts.detail(id ?? 0),
    queryFn: ({ signal }) => getContract(id ?? 0, signal),
    enabled: id !== null,
  });
}
