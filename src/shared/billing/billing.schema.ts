import { z } from 'zod';
import { COUPON_MESSAGES, normalizeCouponCode } from './coupon';
import { IdSchema, safeText } from '../wire/primitives';
import { isSelectablePlan, PLAN_PERIODS, SELECT_PLAN_MESSAGE } from './plans';

/** SPEC §4 "Payments", verbatim: what the contract's client compares `msg` with. */
export const PAYMENT_MESSAGES = {
  charged: 'Successfully Charged for Subscription',
  updated: 'Successfully Updated Subscription',
  canceled: 'Successfully Canceled Subscription',
  paymentMethodUpdated: 'Successfully Updated Payment Method',
} as const;

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

/** GET /api/v1/subscription/. */
export const SubscriptionPlansResponseSchema = z.object({
  results: z.array(SubscriptionPlanSchema),
  /** Whether the signed-in trainee may still start the 7-day trial (SPEC §2 checkbox). */
  trial_available: z.boolean(),
  /** True while the sandbox provider takes the payments: the UI says "Test mode". */
  test_mode: z.boolean(),
  /** Stripe's publishable key for Stripe Elements when PAYMENTS=stripe; null in the sandbox. */
  stripe_publishable_key: z.string().nullable(),
});

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

/** One line of the trainee's billing history. */
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
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

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
  /** Newest first. */
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
  /** What the banner warns about, or null. */
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

/** `trial` arrives as the query string had it (0 or 1), or as a boolean. */
const TrialFlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'Must be true or false',
  })
  .transform((value) => value === true || value === 1 || value === '1');

/** A card token from the provider's card form (never a card number). */
export const CardTokenSchema = z
  .string({ error: 'A card token is required' })
  .trim()
  .regex(/^[A-Za-z0-9_]{3,255}$/, { error: 'Not a valid card token' });

/** An optional coupon code: blank means none. */
const OptionalCouponSchema = safeText()
  .max(100, { error: COUPON_MESSAGES.invalid })
  .nullish()
  .transform((code) => (code == null || code.trim() === '' ? null : normalizeCouponCode(code)));

/** POST and PUT /api/v1/charge-payment/ (SPEC §7). */
export const ChargePaymentRequestSchema = z.object({
  sub_id: z.coerce
    .number({ error: SELECT_PLAN_MESSAGE })
    .int({ error: SELECT_PLAN_MESSAGE })
    .refine(isSelectablePlan, { error: SELECT_PLAN_MESSAGE }),
  token: CardTokenSchema,
  coupon: OptionalCouponSchema,
  trial: TrialFlagSchema.default(false),
});
export type ChargePaymentRequest = z.infer<typeof ChargePaymentRequestSchema>;

/** A payment outcome: the contract's `msg`, and the subscription as it now is. */
export const ChargePaymentResponseSchema = z.object({
  msg: z.string(),
  subscription: UserSubscriptionSchema,
});

/** POST /api/v1/modify-subscription/: cancel the subscription `id`. */
export const ModifySubscriptionRequestSchema = z.object({ id: IdSchema });

/** POST /api/v1/modify-payment-method/. */
export const ModifyPaymentMethodRequestSchema = z.object({ token: CardTokenSchema });

export const PaymentMessageResponseSchema = z.object({ msg: z.string() });

/** GET /api/v1/user-payment-details/: the card on file, every field null when there is none. */
export const PaymentDetailsSchema = z.object({
  last4: z.string().nullable(),
  brand: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** GET /api/v1/verify-coupon?coupon=CODE. */
export const VerifyCouponQuerySchema = z.object({
  coupon: safeText({ error: COUPON_MESSAGES.empty })
    .trim()
    .min(1, { error: COUPON_MESSAGES.empty })
    .max(100, { error: COUPON_MESSAGES.invalid }),
});

export const VerifyCouponResponseSchema = z.object({
  data: z.object({
    coupon: z.object({
      valid: z.boolean(),
      percent_off: z.number().nullable(),
      /** Cents. */
      amount_off: z.number().nullable(),
      status: z.enum(['valid', 'not_found', 'not_yet_valid', 'expired', 'used_up']),
    }),
  }),
});
export type VerifiedCoupon = z.infer<typeof VerifyCouponResponseSchema>['data']['coupon'];
