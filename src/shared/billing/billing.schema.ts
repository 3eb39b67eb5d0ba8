import { z } from 'zod';
import { COUPON_MESSAGES, normalizeCouponCode } from './coupon';
import { IdSchema, safeText } from '../wire/primitives';
import { isSelectablePlan, SELECT_PLAN_MESSAGE } from './plans';
import { SubscriptionPlanSchema, UserSubscriptionSchema } from './subscription.schema';

// Kept in their own module so the first download can word them without the billing schemas.
export { PAYMENT_MESSAGES } from './payment-messages';

export {
  type SubscriptionPlan,
  type BillingEventKind,
  type UserSubscription,
  type BillingStanding,
  UserSubscriptionsResponseSchema,
} from './subscription.schema';

export const SubscriptionPlansResponseSchema = z.object({
  results: z.array(SubscriptionPlanSchema),
  /** Whether the signed-in trainee may still start the 7-day trial (SPEC §2 checkbox). */
  trial_available: z.boolean(),
  /** True while the sandbox provider takes the payments: the UI says "Test mode". */
  test_mode: z.boolean(),
  /** Stripe's publishable key for Stripe Elements when PAYMENTS=stripe; null in the sandbox. */
  stripe_publishable_key: z.string().nullable(),
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

/** SPEC §7. */
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

export const ModifySubscriptionRequestSchema = z.object({ id: IdSchema });

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
