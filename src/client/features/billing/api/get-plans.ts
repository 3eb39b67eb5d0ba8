import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SubscriptionPlansResponseSchema } from '../../../../shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PlansResponse = z.infer<typeof SubscriptionPlansResponseSchema>;

/**
 * GET /api/v1/subscription/: every plan (the Trial plan included, flagged hidden), whether the
 * trial is still available, and which card form to show (sandbox or Stripe's publishable key).
 */
export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return apiRequest(SubscriptionPlansResponseSchema, '/api/v1/subscription/', { signal });
}

export function usePlans() {
  return useQuery({
    queryKey: queryKeys.billing.plans,
    queryFn: ({ signal }) => getPlans(signal),
  });
}
