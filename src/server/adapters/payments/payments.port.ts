import type { RecurringPeriod } from '../../../shared/billing/plans';

/**
 * Every write takes an idempotency key, so a retried or concurrent request never charges twice.
 * A refusal to show the person is a `PaymentFailure`; anything else throws before we write.
 */
export type PaymentsPort = {
  provider: 'sandbox' | 'stripe';
  testMode: boolean;
  /** 'provider': it renews and its signed webhooks tell us. */
  renewals: 'ours' | 'provider';

  createCustomer(input: {
    traineeId: number;
    email: string;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;

  attachPaymentMethod(input: {
    customerId: string;
    token: string;
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<{ paymentMethodId: string; card: CardDetails }>>;

  /** `amountCents` is the first period's (0 charges nothing), charged at `trialEnd` if set. */
  createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    planId: number;
    period: RecurringPeriod;
    amountCents: number;
    renewalAmountCents: number;
    trialEnd: Date | null;
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<SubscriptionPeriod>>;

  /** Without `restartPeriod` the new price applies from the next renewal. */
  updateSubscription(input: {
    subscriptionId: string;
    customerId: string;
    paymentMethodId: string;
    planId: number;
    period: RecurringPeriod;
    amountCents: number;
    renewalAmountCents: number;
    restartPeriod: boolean;
    currentPeriod: { start: Date; end: Date };
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<SubscriptionPeriod>>;

  cancelSubscription(input: {
    subscriptionId: string;
    atPeriodEnd: boolean;
    idempotencyKey: string;
  }): Promise<void>;

  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<{ chargeId: string }>>;

  /** Compensation when our write cannot follow a charge. */
  refund(input: { chargeId: string; idempotencyKey: string }): Promise<{ refundId: string }>;
};

/** Never the card's number. */
export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

export type SubscriptionPeriod = {
  subscriptionId: string;
  chargeId: string | null;
  periodStart: Date;
  periodEnd: Date;
};

export type PaymentFailure = { ok: false; message: string; code: string };
export type PaymentResult<T> = ({ ok: true } & T) | PaymentFailure;
