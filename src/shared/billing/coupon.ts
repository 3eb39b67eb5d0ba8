import { z } from 'zod';
import type { Discount } from './price';

/** SPEC §8 "Coupon", verbatim. */
export const COUPON_MESSAGES = {
  enteredNotApplied: 'Coupon Entered but not applied. Please clear if not intended',
  invalid: 'Invalid Coupon',
  empty: 'Please enter a coupon code',
  removed: 'Coupon removed successfully!',
  removeFailed: 'Error in removing coupon',
} as const;

/** The applied-coupon toast (SPEC §8): 'Congratulations you got 20% off!' or '... $5 off!'. */
export function couponAppliedMessage(coupon: {
  percent_off: number | null;
  amount_off: number | null;
}): string {
  if (coupon.percent_off != null) return `Congratulations you got ${coupon.percent_off}% off!`;
  return `Congratulations you got $${(coupon.amount_off ?? 0) / 100} off!`;
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A stored coupon as the rules read it. `validUntil` is exclusive; null bounds are open. */
export type CouponTerms = Discount & {
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
};

export type CouponStatus = 'valid' | 'not_found' | 'not_yet_valid' | 'expired' | 'used_up';

export function couponStatus(coupon: CouponTerms | null, now: Date): CouponStatus {
  if (!coupon) return 'not_found';
  if (coupon.validFrom && now.getTime() < coupon.validFrom.getTime()) return 'not_yet_valid';
  if (coupon.validUntil && now.getTime() >= coupon.validUntil.getTime()) return 'expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'used_up';
  return 'valid';
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const CalendarDay = z
  .string()
  .regex(DAY_PATTERN, { error: 'must be a date, YYYY-MM-DD' })
  .refine((day) => dayStart(day).toISOString().startsWith(day), {
    error: 'must be a real date',
  });

/** A coupon to create (`npm run coupon`): UTC calendar days, `validFrom` start to `validUntil` end. */
export const CouponDefinitionSchema = z
  .object({
    code: z
      .string()
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, { error: '3 to 40 letters, digits, - or _' })),
    percentOff: z.number().int().min(1).max(100).nullable().default(null),
    /** Cents. */
    amountOffCents: z.number().int().positive().nullable().default(null),
    validFrom: CalendarDay.nullable().default(null),
    validUntil: CalendarDay.nullable().default(null),
    maxUses: z.number().int().positive().nullable().default(null),
  })
  .refine((c) => (c.percentOff === null) !== (c.amountOffCents === null), {
    error: 'give exactly one of percent off or amount off',
    path: ['percentOff'],
  })
  .refine((c) => !c.validFrom || !c.validUntil || c.validFrom <= c.validUntil, {
    error: 'valid from must be on or before valid until',
    path: ['validUntil'],
  })
  .transform((c) => ({
    code: c.code,
    percentOff: c.percentOff,
    amountOffCents: c.amountOffCents,
    validFrom: c.validFrom ? dayStart(c.validFrom) : null,
    // Exclusive: the first instant after the last valid day.
    validUntil: c.validUntil ? new Date(dayStart(c.validUntil).getTime() + 86_400_000) : null,
    maxUses: c.maxUses,
  }));
export type CouponDefinition = z.infer<typeof CouponDefinitionSchema>;
