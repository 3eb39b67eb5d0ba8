import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ChargePaymentResponseSchema,
  type UserSubscription,
} from '../../../../shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { currentSubscription, getUserSubscription } from './get-user-subscription';

export type ChargePaymentResponse = z.infer<typeof ChargePaymentResponseSchema>;

/** What a payment sends: the plan, the provider's card token, an applied coupon, the trial. */
export type ChargePaymentInput = {
  sub_id: number;
  token: string;
  coupon: string | null;
  trial: boolean;
};

/**
 * SPEC §4 "Payments": a trainee who already has a subscription goes to the update call (PUT),
 * a new one to the create call (POST). The server starts a new period on either when the old
 * one is over, and refuses POST while a subscription is live, so the row decides.
 */
export function chargeMethodFor(subscription: UserSubscription | null): 'POST' | 'PUT' {
  return subscription ? 'PUT' : 'POST';
}

/**
 * POST or PUT /api/v1/charge-payment/. Success is `msg` 'Successfully Charged for
 * Subscription' (POST) or 'Successfully Updated Subscription' (PUT); a refused card throws an
 * ApiError 402 whose message is the provider's.
 */
export function chargePayment(
  body: ChargePaymentInput,
  method: 'POST' | 'PUT',
): Promise<ChargePaymentResponse> {
  return apiRequest(ChargePaymentResponseSchema, '/api/v1/charge-payment/', { method, body });
}

/**
 * Pays: reads the trainee's subscription afresh to pick create or update, charges, then
 * refreshes every billing query and the session's user (`is_paid`).
 */
export function useChargePayment() {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn: async (input: ChargePaymentInput) => {
      const current = await queryClient.fetchQuery({
        queryKey: queryKeys.billing.userSubscription,
        queryFn: ({ signal }) => getUserSubscription(signal),
        staleTime: 0,
      });
      return chargePayment(input, chargeMethodFor(currentSubscription(current)));
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
        refreshUser(),
      ]);
    },
  });
}
