import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentMessageResponseSchema } from '../../../../shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/modify-payment-method/ {token}: the card for the coming payments. Success is
 * `msg` 'Successfully Updated Payment Method'; a refused card throws an ApiError 402 with the
 * provider's message.
 */
export async function changePaymentMethod(token: string): Promise<string> {
  const response = await apiRequest(
    PaymentMessageResponseSchema,
    '/api/v1/modify-payment-method/',
    { method: 'POST', body: { token } },
  );
  return response.msg;
}

/** A new card also settles a failed renewal: every billing figure is read again. */
export function useChangePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
}
