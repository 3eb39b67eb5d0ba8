import type { RecurringPeriod } from '../../../shared/billing/plans';

/**
 * The payment provider as the billing service sees it. The sandbox implements it today; a Stripe
 * adapter (official SDK, webhooks) implements the same calls later without the service changing.
 *
 * - Amounts are decided by the service (coupons, credits) and passed in cents; each adapter
 *   expresses them in its own terms.
 * - Every write takes an idempotency key: the same key is the same operation, so a retried or
 *   concurrent request never charges twice.
 * - A refusal the person should read (a declined card) is a `PaymentFailure` with the provider's
 *   own message; anything else (the provider unreachable) throws, before we write anything.
 */
export type PaymentsPort = {
  provider: 'sandbox' | 'stripe';
  /** True when no real money moves: the UI says "Test mode". */
  testMode: boolean;
  /**
   * Who charges renewals: 'ours' (our scheduled job charges due subscriptions with `charge`) or
   * 'provider' (the provider renews and its signed webhooks tell us).
   */
  renewals: 'ours' | 'provider';

  createCustomer(input: {
    traineeId: number;
    email: string;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;

  /** Saves the tokenised card on the customer and makes it the card every charge uses. */
  attachPaymentMethod(input: {
    customerId: string;
    token: string;
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<{ paymentMethodId: string; card: CardDetails }>>;

  /**
   * Starts a renewing subscription. `amountCents` is the first period's amount (after any coupon
   * or credit; 0 charges nothing): charged now, or with `trialEnd` when the trial ends. Later
   * periods cost `renewalAmountCents`.
   */
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

  /**
   * Moves a subscription to another plan or price. With `restartPeriod` a new period starts now
   * and `amountCents` is charged now; without it the current period (or trial) runs on and the
   * new price applies from the next renewal. Clears a pending cancellation.
   */
  updateSubscription(input: {
    subscriptionId: string;
    customerId: string;
    paymentMethodId: string;
    planId: number;
    period: RecurringPeriod;
    amountCents: number;
    renewalAmountCents: number;
    restartPeriod: boolean;
    /** The period running now; returned unchanged when the period does not restart. */
    currentPeriod: { start: Date; end: Date };
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<SubscriptionPeriod>>;

  /** Stops renewals: at the end of the paid period, or at once (a switch to lifetime). */
  cancelSubscription(input: {
    subscriptionId: string;
    atPeriodEnd: boolean;
    idempotencyKey: string;
  }): Promise<void>;

  /** A one-off charge: a lifetime purchase, or a renewal when `renewals` is 'ours'. */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    now: Date;
    idempotencyKey: string;
  }): Promise<PaymentResult<{ chargeId: string }>>;

  /** Gives a charge back (compensation when our write cannot follow a charge). */
  refund(input: { chargeId: string; idempotencyKey: string }): Promise<{ refundId: string }>;
};

/** What the provider tells us about a card; never its number. */
export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

export type SubscriptionPeriod = {
  subscriptionId: string;
  /** Null when nothing was charged (a trial, a 100% coupon, a change that waits). */
  chargeId: string | null;
  periodStart: Date;
  periodEnd: Date;
};

/** A refusal: `message` is the provider's, shown to the person as it is. */
export type PaymentFailure = { ok: false; message: string; code: string };
export type PaymentResult<T> = ({ ok: true } & T) | PaymentFailure;
