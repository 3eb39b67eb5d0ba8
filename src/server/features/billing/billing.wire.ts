import { isSubscriptionExpired, type SubscriptionTerms } from '../../../shared/billing/access';
import type { SubscriptionPlan, UserSubscription } from '../../../shared/billing/billing.schema';
import { PLAN_IDS } from '../../../shared/billing/plans';
import { applyCredit, centsToDollars, priceAfterCoupon } from '../../../shared/billing/price';
import type { Config } from '../../env';
import type { CouponRow, PlanRow, SubscriptionRow } from './billing.repository';

/** Prices in cents by plan id: configuration (docs/decisions/010), read when answering. */
export type PlanPrices = Record<number, number>;

export function pricesFromConfig(
  config: Pick<Config, 'PRICE_MONTHLY_CENTS' | 'PRICE_YEARLY_CENTS' | 'PRICE_LIFETIME_CENTS'>,
): PlanPrices {
  return {
    [PLAN_IDS.trial]: 0,
    [PLAN_IDS.monthly]: config.PRICE_MONTHLY_CENTS,
    [PLAN_IDS.yearly]: config.PRICE_YEARLY_CENTS,
    [PLAN_IDS.lifetime]: config.PRICE_LIFETIME_CENTS,
  };
}

export function priceOf(prices: PlanPrices, planId: number): number {
  return prices[planId] ?? 0;
}

export function toPlan(plan: PlanRow, prices: PlanPrices): SubscriptionPlan {
  const cents = priceOf(prices, plan.id);
  return {
    id: plan.id,
    name: plan.name,
    price: { price: centsToDollars(cents), period: plan.period, unit_amount: cents },
    is_hidden: plan.isHidden,
  };
}

export function termsOf(row: SubscriptionRow): SubscriptionTerms {
  return { expiry: row.expiry, isLifetime: row.isLifetime };
}

/** Over: past expiry and its grace (SPEC §4). A row that is not over still grants access. */
export function isOver(row: SubscriptionRow, now: Date): boolean {
  return isSubscriptionExpired({
    isSupervisor: false,
    isPaid: true,
    subscription: termsOf(row),
    now,
  });
}

/** What the next renewal will charge, after a waiting coupon and any credit. */
export function nextChargeCents(row: SubscriptionRow, pendingCoupon: CouponRow | null): number {
  const quote = priceAfterCoupon(row.renewalAmountCents, pendingCoupon);
  return applyCredit(quote.amountCents, row.creditCents).amountCents;
}

type EventRecord = {
  event: {
    kind: UserSubscription['events'][number]['kind'];
    amountCents: number;
    couponCode: string | null;
    cardLast4: string | null;
    message: string | null;
    createdAt: Date;
  };
  planName: string | null;
};

export function toUserSubscription(input: {
  row: SubscriptionRow;
  plan: PlanRow;
  prices: PlanPrices;
  pendingCoupon: CouponRow | null;
  events: EventRecord[];
  now: Date;
}): UserSubscription {
  const { row, now } = input;
  const renews = !row.isLifetime && row.canceledAt === null && !isOver(row, now);
  const nextDate = row.status === 'past_due' ? (row.nextAttemptAt ?? null) : row.expiry;
  return {
    id: row.id,
    subscription: toPlan(input.plan, input.prices),
    expiry: row.expiry?.toISOString() ?? null,
    is_active: !isOver(row, now),
    is_lifetime: row.isLifetime,
    external_subscription_id: row.externalId,
    status: row.canceledAt ? 'canceled' : row.status,
    cancel_at_period_end: row.canceledAt !== null && !row.isLifetime,
    next_payment_date: renews && nextDate ? nextDate.toISOString() : null,
    next_payment_amount: renews ? nextChargeCents(row, input.pendingCoupon) : null,
    trial_end: row.status === 'trialing' ? (row.expiry?.toISOString() ?? null) : null,
    trial_used: row.trialUsedAt !== null,
    events: input.events.map(({ event, planName }) => ({
      kind: event.kind,
      plan: planName,
      amount: event.amountCents,
      coupon: event.couponCode,
      card_last4: event.cardLast4,
      message: event.message,
      created_at: event.createdAt.toISOString(),
    })),
  };
}
