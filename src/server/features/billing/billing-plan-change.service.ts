import { applyCredit, priceAfterCoupon, unusedCreditCents } from '../../../shared/billing/price';
import { AppError } from '../../../shared/errors';
import {
  attachCard,
  chargeOnce,
  writeSubscription,
  type Made,
  type Step,
  type Written,
} from './billing-subscribe.service';
import { CHANGED_MEANWHILE, type BillingContext } from './billing.service';
import * as repo from './billing.repository';
import { priceOf } from './billing.wire';

/**
 * A change to a subscription that still grants access: a new card, resuming a cancelled plan,
 * another plan. Unused paid time is credited (card processors' proration). A trial runs on;
 * Monthly ↔ Yearly restarts the period now; a past-due plan is charged now.
 */
export async function changePlan(
  ctx: BillingContext,
  step: Step,
  existing: repo.SubscriptionRow,
): Promise<Written> {
  const { payments, now } = ctx;
  const { plan, coupon } = step;
  const price = priceOf(ctx.prices, plan.id);
  const card = await attachCard(ctx, existing.providerCustomerId, step);
  const quote = priceAfterCoupon(price, coupon);
  const unused =
    existing.status === 'trialing' || !existing.expiry
      ? 0
      : unusedCreditCents({
          paidCents: existing.paidAmountCents,
          periodStart: existing.periodStart,
          periodEnd: existing.expiry,
          now,
        });
  const credit = applyCredit(quote.amountCents, existing.creditCents + unused);
  const restart = plan.period === 'life_time' ? false : needsRestart(existing, plan.id);
  const reset = {
    canceledAt: null,
    failedAttempts: 0,
    nextAttemptAt: null,
    renewalClaimedAt: null,
  } as const;

  let made: Made;
  let values: Partial<repo.SubscriptionValues>;
  if (plan.period === 'life_time') {
    made = await chargeOnce(ctx, step, {
      customerId: existing.providerCustomerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: credit.amountCents,
    });
    values = {
      ...reset,
      planId: plan.id,
      status: 'active',
      isLifetime: true,
      periodStart: now,
      expiry: null,
      paidAmountCents: quote.amountCents,
      renewalAmountCents: 0,
      creditCents: credit.creditLeftCents,
      pendingCouponId: null,
      externalId: null,
    };
  } else {
    const amountCents = restart ? credit.amountCents : 0;
    const updated = await payments.updateSubscription({
      subscriptionId: existing.externalId ?? '',
      customerId: existing.providerCustomerId,
      paymentMethodId: card.paymentMethodId,
      planId: plan.id,
      period: plan.period,
      amountCents,
      renewalAmountCents: price,
      restartPeriod: restart,
      currentPeriod: { start: existing.periodStart, end: existing.expiry ?? now },
      now,
      idempotencyKey: `${step.key}:subscription`,
    });
    if (!updated.ok) throw new AppError('PAYMENT_FAILED', updated.message);
    made = { chargeId: updated.chargeId, externalId: null, amountCents };
    values = restart
      ? {
          ...reset,
          planId: plan.id,
          status: 'active',
          periodStart: updated.periodStart,
          expiry: updated.periodEnd,
          paidAmountCents: quote.amountCents,
          renewalAmountCents: price,
          creditCents: credit.creditLeftCents,
          pendingCouponId: null,
        }
      : {
          // The period (or trial) runs on; a coupon waits for the next charge.
          ...reset,
          planId: plan.id,
          renewalAmountCents: price,
          pendingCouponId: coupon?.id ?? existing.pendingCouponId,
        };
  }

  const row = await writeSubscription(
    ctx,
    step,
    (tx) => repo.updateSubscription(tx, existing, values, now),
    card,
    {
      kind: 'plan_change',
      made,
      lostMessage: CHANGED_MEANWHILE,
      // A new coupon waiting for the next charge replaces one that was waiting.
      replacedCouponId:
        coupon && values.pendingCouponId === coupon.id ? existing.pendingCouponId : null,
    },
  );
  if (plan.period === 'life_time' && existing.externalId) {
    // After our write: nothing renews the old plan once the trainee holds Lifetime.
    await payments.cancelSubscription({
      subscriptionId: existing.externalId,
      atPeriodEnd: false,
      idempotencyKey: `${step.key}:end-recurring`,
    });
  }
  return {
    row,
    receipt: { kind: 'plan_change', amountCents: made.amountCents, cardLast4: card.card.last4 },
  };
}

/** Monthly ↔ Yearly (outside a trial) and any past-due plan start a new, paid period now. */
function needsRestart(existing: repo.SubscriptionRow, planId: number): boolean {
  if (existing.status === 'past_due') return true;
  if (existing.status === 'trialing') return false;
  return existing.planId !== planId;
}
