import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentMessageResponseSchema } from '../../../../shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/modify-subscription/ {id}: cancels at the end of the paid period (SPEC §4: access
 * continues until expiry). Success is `msg` 'Successfully Canceled Subscription'.
 */
export async function cancelSubscription(id: number): Promise<string> {
  const response = await apiRequest(PaymentMessageResponseSchema, '/api/v1/modify-subscription/', {
    method: 'POST',
    body: { id },
  });
  return response.msg;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
