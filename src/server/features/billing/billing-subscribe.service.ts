// The steps of a charge-payment request: the card, the provider, our write, and compensation.
import { trialEndsAt } from '../../../shared/billing/access';
import type { ChargePaymentRequest } from '../../../shared/billing/billing.schema';
import { COUPON_MESSAGES } from '../../../shared/billing/coupon';
import { applyCredit, priceAfterCoupon } from '../../../shared/billing/price';
import { AppError } from '../../../shared/errors';
import type { CardDetails } from '../../adapters/payments/payments.port';
import type { Db } from '../../db/client';
import type { UserRow } from '../accounts';
import type { ReceiptKind } from './billing-emails';
import { CHANGED_MEANWHILE, type BillingContext } from './billing.service';
import * as repo from './billing.repository';
import { priceOf } from './billing.wire';

export const ALREADY_SUBSCRIBED =
  'You already have a subscription. Change it from your subscription page.';

export type Card = { paymentMethodId: string; card: CardDetails };
export type Step = {
  trainee: UserRow;
  existing: repo.SubscriptionRow | undefined;
  plan: repo.PlanRow;
  coupon: repo.CouponRow | null;
  input: ChargePaymentRequest;
  /** Ties every provider write of this request together (docs/decisions/010). */
  key: string;
};
/** What the provider did, so that it can be undone if our write loses a race. */
export type Made = { chargeId: string | null; externalId: string | null; amountCents: number };

export type Written = {
  row: repo.SubscriptionRow;
  receipt: { kind: ReceiptKind; amountCents: number; cardLast4: string };
};

export async function chargeOnce(
  ctx: BillingContext,
  step: Step,
  charge: { customerId: string; paymentMethodId: string; amountCents: number },
): Promise<Made> {
  const charged =
    charge.amountCents > 0
      ? await ctx.payments.charge({
          ...charge,
          description: `Fieldwork Tracker ${step.plan.name} plan`,
          now: ctx.now,
          idempotencyKey: `${step.key}:charge`,
        })
      : null;
  if (charged && !charged.ok) throw new AppError('PAYMENT_FAILED', charged.message);
  return { chargeId: charged?.chargeId ?? null, externalId: null, amountCents: charge.amountCents };
}

export async function attachCard(
  ctx: BillingContext,
  customerId: string,
  step: Step,
): Promise<Card> {
  const card = await ctx.payments.attachPaymentMethod({
    customerId,
    token: step.input.token,
    now: ctx.now,
    idempotencyKey: `${step.key}:card`,
  });
  if (!card.ok) throw new AppError('PAYMENT_FAILED', card.message);
  return card;
}

export async function startPlan(ctx: BillingContext, step: Step): Promise<Written> {
  const { payments, now } = ctx;
  const { trainee, existing, plan, coupon } = step;
  const price = priceOf(ctx.prices, plan.id);
  const quote = priceAfterCoupon(price, coupon);
  const credit = applyCredit(quote.amountCents, existing?.creditCents ?? 0);
  const trialEnd = step.input.trial ? trialEndsAt(trainee.dateJoined) : null;
  const customerId =
    existing && existing.provider === payments.provider
      ? existing.providerCustomerId
      : (
          await payments.createCustomer({
            traineeId: trainee.id,
            email: trainee.email,
            name: trainee.name,
            idempotencyKey: `customer:${trainee.id}:${payments.provider}`,
          })
        ).customerId;
  const card = await attachCard(ctx, customerId, step);
  const common = { customerId, paymentMethodId: card.paymentMethodId, now };

  let made: Made;
  let period: { start: Date; end: Date | null };
  if (plan.period === 'life_time') {
    made = await chargeOnce(ctx, step, { ...common, amountCents: credit.amountCents });
    period = { start: now, end: null };
  } else {
    const created = await payments.createSubscription({
      ...common,
      planId: plan.id,
      period: plan.period,
      amountCents: credit.amountCents,
      renewalAmountCents: price,
      trialEnd,
      idempotencyKey: `${step.key}:subscription`,
    });
    if (!created.ok) throw new AppError('PAYMENT_FAILED', created.message);
    made = {
      chargeId: created.chargeId,
      externalId: created.subscriptionId,
      amountCents: trialEnd ? 0 : credit.amountCents,
    };
    period = { start: created.periodStart, end: created.periodEnd };
  }

  const values: repo.SubscriptionValues = {
    planId: plan.id,
    status: trialEnd ? 'trialing' : 'active',
    isLifetime: plan.period === 'life_time',
    periodStart: period.start,
    expiry: period.end,
    paidAmountCents: trialEnd ? 0 : quote.amountCents,
    renewalAmountCents: plan.period === 'life_time' ? 0 : price,
    creditCents: trialEnd ? (existing?.creditCents ?? 0) : credit.creditLeftCents,
    pendingCouponId: trialEnd && coupon ? coupon.id : null,
    provider: payments.provider,
    providerCustomerId: customerId,
    externalId: made.externalId,
    trialUsedAt: trialEnd ? now : (existing?.trialUsedAt ?? null),
    canceledAt: null,
    failedAttempts: 0,
    nextAttemptAt: null,
    renewalClaimedAt: null,
  };
  const kind: ReceiptKind = trialEnd ? 'trial' : 'charge';
  const row = await writeSubscription(
    ctx,
    step,
    (tx) =>
      existing
        ? repo.updateSubscription(tx, existing, values, now)
        : repo.insertSubscription(tx, trainee.id, values),
    card,
    { kind, made, lostMessage: existing ? CHANGED_MEANWHILE : ALREADY_SUBSCRIBED },
  );
  return { row, receipt: { kind, amountCents: made.amountCents, cardLast4: card.card.last4 } };
}

/** Raised inside the transaction to roll it back: the coupon's last use went meanwhile. */
class CouponGone extends Error {}

/**
 * The subscription, card, event, coupon use and `is_paid`, in one transaction. If the row
 * changed meanwhile, or the coupon's last use went to someone else, nothing is written, what the
 * provider did is undone, and the request is refused.
 */
export async function writeSubscription(
  ctx: BillingContext,
  step: Step,
  writeRow: (tx: Db) => Promise<repo.SubscriptionRow | undefined>,
  card: Card,
  event: {
    kind: ReceiptKind;
    made: Made;
    lostMessage: string;
    /** A coupon that was waiting and is replaced: its use goes back. */
    replacedCouponId?: number | null;
  },
): Promise<repo.SubscriptionRow> {
  const { now, payments } = ctx;
  const traineeId = step.trainee.id;
  let row: repo.SubscriptionRow | undefined;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const written = await writeRow(tx);
      if (!written) return undefined;
      if (step.coupon && !(await repo.reserveCouponUse(tx, step.coupon.id, now))) {
        throw new CouponGone();
      }
      if (event.replacedCouponId) await repo.releaseCouponUse(tx, event.replacedCouponId);
      await repo.savePaymentMethod(tx, { traineeId, provider: payments.provider }, card, now);
      await repo.insertEvent(tx, {
        traineeId,
        subscriptionId: written.id,
        kind: event.kind,
        planId: step.plan.id,
        amountCents: event.made.amountCents,
        couponCode: step.coupon?.code ?? null,
        cardLast4: card.card.last4,
        providerRef: event.made.chargeId,
        idempotencyKey: step.key,
        createdAt: now,
      });
      await repo.markPaid(tx, traineeId);
      return written;
    });
  } catch (error) {
    if (!(error instanceof CouponGone)) throw error;
    await undo(ctx, step, event.made);
    throw AppError.field('coupon', COUPON_MESSAGES.invalid);
  }
  if (!row) {
    await undo(ctx, step, event.made);
    throw new AppError('BILLING_CONFLICT', event.lostMessage);
  }
  return row;
}

/**
 * Two identical requests share one idempotency key, so the provider made one charge for both:
 * nothing to undo then.
 */
export async function undo(ctx: BillingContext, step: Step, made: Made): Promise<void> {
  const winner = await repo.findSubscription(ctx.db, step.trainee.id);
  if (made.externalId && winner?.externalId !== made.externalId) {
    await ctx.payments.cancelSubscription({
      subscriptionId: made.externalId,
      atPeriodEnd: false,
      idempotencyKey: `${step.key}:undo`,
    });
  }
  if (made.chargeId && !(await repo.hasEventFor(ctx.db, made.chargeId))) {
    const refund = await ctx.payments.refund({
      chargeId: made.chargeId,
      idempotencyKey: `${step.key}:refund`,
    });
    await repo.insertEvent(ctx.db, {
      traineeId: step.trainee.id,
      subscriptionId: winner?.id ?? null,
      kind: 'refund',
      planId: step.plan.id,
      amountCents: made.amountCents,
      providerRef: refund.refundId,
      message: 'Refunded at once: the subscription or the coupon was taken by another request.',
      idempotencyKey: `${step.key}:refund`,
      createdAt: ctx.now,
    });
  }
}
