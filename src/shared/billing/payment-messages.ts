/** SPEC §4 "Payments", verbatim: what the contract's client compares `msg` with. */
export const PAYMENT_MESSAGES = {
  charged: 'Successfully Charged for Subscription',
  updated: 'Successfully Updated Subscription',
  canceled: 'Successfully Canceled Subscription',
  paymentMethodUpdated: 'Successfully Updated Payment Method',
} as const;
