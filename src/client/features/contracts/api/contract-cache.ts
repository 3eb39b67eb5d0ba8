import type { QueryClient } from '@tanstack/react-query';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After any change to a contract: the answer is the contract as it now stands, and what counts
 * changes with it (hours count from the day everyone signed, and stop at its end:
 * shared/contracts/start-of-fieldwork.ts), so the progress figures, forms and review are read
 * again too.
 */
export async function refreshAfterContractChange(
  queryClient: QueryClient,
  contract: Contract | null,
): Promise<void> {
  if (contract) queryClient.setQueryData(queryKeys.contracts.detail(contract.id), contract);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.progress.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.forms.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.review.all }),
  ]);
}
