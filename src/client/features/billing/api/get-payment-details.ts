import { useQuery } from '@tanstack/react-query';
import {
  PaymentDetailsSchema,
  type PaymentDetails,
} from '../../../../shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/user-payment-details/: the card on file (brand, last four, expiry), or all null. */
export function getPaymentDetails(signal?: AbortSignal): Promise<PaymentDetails> {
  return apiRequest(PaymentDetailsSchema, '/api/v1/user-payment-details/', { signal });
}

export function usePaymentDetails() {
  return useQuery({
    queryKey: queryKeys.billing.paymentDetails,
    queryFn: ({ signal }) => getPaymentDetails(signal),
  });
}
