// Integer cents inside (like the card processors); dollars only on screen and in the plan list's
// `price` (SPEC §3), where the contract's client expects them.

/** A coupon's discount: one of the two is set (SPEC §3; amount_off is in cents). */
export type Discount = { percentOff: number | null; amountOffCents: number | null };

export type PriceQuote = {
  amountCents: number;
  /** What the coupon took off (never more than the price). */
  discountCents: number;
  /** The discount as a percentage of the price, capped at 100 (SPEC §9 "up to 100% off"). */
  percentOff: number;
};

/** SPEC §9: percent_off (rounded to the cent, as processors do) or amount_off cents; never below 0. */
export function priceAfterCoupon(priceCents: number, discount: Discount | null): PriceQuote {
  let discountCents = 0;
  if (discount?.percentOff != null) {
    discountCents = Math.round((priceCents * discount.percentOff) / 100);
  } else if (discount?.amountOffCents != null) {
    discountCents = discount.amountOffCents;
  }
  discountCents = Math.max(0, Math.min(discountCents, priceCents));
  const percentOff =
    priceCents === 0 ? 0 : Math.min(100, Math.round((discountCents / priceCents) * 10000) / 100);
  return { amountCents: priceCents - discountCents, discountCents, percentOff };
}

/** What is left to pay once a credit (unused time from a plan change) is taken off, and its rest. */
export function applyCredit(
  amountCents: number,
  creditCents: number,
): { amountCents: number; creditLeftCents: number } {
  const used = Math.min(amountCents, Math.max(0, creditCents));
  return { amountCents: amountCents - used, creditLeftCents: Math.max(0, creditCents) - used };
}

/** The unused part of the current period's payment at `now`, rounded down: a plan change's credit. */
export function unusedCreditCents(input: {
  paidCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = input.periodEnd.getTime() - input.now.getTime();
  if (length <= 0 || left <= 0 || input.paidCents <= 0) return 0;
  return Math.floor((input.paidCents * Math.min(left, length)) / length);
}

/** '$14.99'; whole dollars keep their cents ('$149.00') so amounts line up in receipts. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the dollars the plan list sends (SPEC §3 `price.price`), e.g. 1499 → 14.99. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
