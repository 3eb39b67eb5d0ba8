import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  UserSubscriptionsResponseSchema,
  type UserSubscription,
} from '../../../../shared/billing/subscription.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UserSubscriptionsResponse = z.infer<typeof UserSubscriptionsResponseSchema>;

/**
 * GET /api/v1/user-subscription/: the trainee's subscription (at most one; empty before the
 * first payment) and where they stand (`standing.access`: trial, subscribed, expired...).
 */
export function getUserSubscription(signal?: AbortSignal): Promise<UserSubscriptionsResponse> {
  return apiRequest(UserSubscriptionsResponseSchema, '/api/v1/user-subscription/', { signal });
}

export function useUserSubscription() {
  return useQuery({
    queryKey: queryKeys.billing.userSubscription,
    queryFn: ({ signal }) => getUserSubscription(signal),
  });
}

/** The trainee's subscription row, or null before the first payment (the contract reads item 0). */
export function currentSubscription(response: UserSubscriptionsResponse): UserSubscription | null {
  return response.results[0] ?? null;
}
