import { z } from 'zod';
import { PLAN_PERIODS } from './plans';

// Apart from billing.schema.ts (which re-exports it) so the paywall, on every trainee page's
// first screen, parses its answer without the coupon and payment rules (issue 11).

/** SPEC §3 "Subscription plan"; `price.price` in dollars as the contract's client reads it. */
export const SubscriptionPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.object({
    price: z.number(),
    period: z.enum(PLAN_PERIODS),
    /** The same price in cents, for arithmetic without floating-point dollars. */
    unit_amount: z.number().int(),
  }),
  /** The Trial plan (id 3): listed because the contract's client hides it itself. */
  is_hidden: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

export const BILLING_EVENT_KINDS = [
  'charge',
  'trial',
  'renewal',
  'failure',
  'plan_change',
  'cancel',
  'payment_method',
  'refund',
] as const;
export type BillingEventKind = (typeof BILLING_EVENT_KINDS)[number];

export const BillingEventSchema = z.object({
  kind: z.enum(BILLING_EVENT_KINDS),
  plan: z.string().nullable(),
  /** Cents. */
  amount: z.number().int(),
  coupon: z.string().nullable(),
  card_last4: z.string().nullable(),
  /** The provider's message for a failure. */
  message: z.string().nullable(),
  created_at: z.string(),
});

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;

/** SPEC §3 "User subscription", plus what the subscription screens show. */
export const UserSubscriptionSchema = z.object({
  id: z.number(),
  subscription: SubscriptionPlanSchema,
  /** End of the paid or trial period (ISO instant); null for lifetime. */
  expiry: z.string().nullable(),
  /** The subscription grants access now (until expiry + the 2-minute grace). */
  is_active: z.boolean(),
  is_lifetime: z.boolean(),
  external_subscription_id: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Cancelled: access continues until expiry, then nothing renews. */
  cancel_at_period_end: z.boolean(),
  next_payment_date: z.string().nullable(),
  /** Cents, after any coupon or credit waiting for that payment. */
  next_payment_amount: z.number().int().nullable(),
  trial_end: z.string().nullable(),
  trial_used: z.boolean(),
  events: z.array(BillingEventSchema),
});
export type UserSubscription = z.infer<typeof UserSubscriptionSchema>;

export const BILLING_ACCESS = [
  'supervisor',
  'trial',
  'subscribed',
  'trial_expired',
  'subscription_expired',
] as const;

/** Where the trainee stands (shared/billing/access.ts `billingStandingOf`): what the client gates on. */
export const BillingStandingSchema = z.object({
  access: z.enum(BILLING_ACCESS),
  /** End of the trial or of the paid period (ISO instant); null for lifetime and supervisors. */
  ends_at: z.string().nullable(),
  warning: z
    .object({
      kind: z.enum(['trial_ending', 'subscription_ending', 'renewal_failed']),
      ends_at: z.string().nullable(),
      days_left: z.number().int().nullable(),
    })
    .nullable(),
});
export type BillingStanding = z.infer<typeof BillingStandingSchema>;

/** GET /api/v1/user-subscription/ (the contract's client uses the first item). */
export const UserSubscriptionsResponseSchema = z.object({
  results: z.array(UserSubscriptionSchema),
  standing: BillingStandingSchema,
});
