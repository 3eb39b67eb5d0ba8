import { useQuery } from '@tanstack/react-query';
import { ContractListSchema } from '../../../../shared/contracts/contract.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/v1/contracts/: the trainee's contracts and each supervision structure with its
 * contract, if any. A supervisor names the trainee (`trainee`) and sees only the structures they
 * are in.
 */
export function listContracts(traineeId: number | null, signal?: AbortSignal) {
  return apiRequest(ContractListSchema, '/api/v1/contracts/', {
    query: { trainee: traineeId ?? undefined },
    signal,
  });
}

export function useContracts(traineeId: number | null = null) {
  return useQuery({
    queryKey: queryKeys.contracts.list(traineeId),
    queryFn: ({ signal }) => listContracts(traineeId, signal),
  });
}
