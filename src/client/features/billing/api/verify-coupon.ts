import { useMutation } from '@tanstack/react-query';
import {
  VerifyCouponResponseSchema,
  type VerifiedCoupon,
} from '../../../../shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/v1/verify-coupon?coupon=CODE: whether the code can be redeemed now, and its
 * discount (`percent_off`, or `amount_off` in cents). An unknown code is `valid: false`.
 */
export async function verifyCoupon(code: string, signal?: AbortSignal): Promise<VerifiedCoupon> {
  const response = await apiRequest(VerifyCouponResponseSchema, '/api/v1/verify-coupon', {
    query: { coupon: code },
    signal,
  });
  return response.data.coupon;
}

/** Checked when the trainee presses Apply, so it is a mutation, not a query. */
export function useVerifyCoupon() {
  return useMutation({ mutationFn: (code: string) => verifyCoupon(code) });
}
