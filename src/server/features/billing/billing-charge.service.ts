import { isTrialAvailable } from '../../../shared/billing/access';
import {
  PAYMENT_MESSAGES,
  type ChargePaymentRequest,
  type UserSubscription,
} from '../../../shared/billing/billing.schema';
import { COUPON_MESSAGES, couponStatus } from '../../../shared/billing/coupon';
import { PLAN_IDS, SELECT_PLAN_MESSAGE } from '../../../shared/billing/plans';
import { AppError } from '../../../shared/errors';
import { findUserById } from '../accounts';
import { receiptMail } from './billing-emails';
import { changePlan } from './billing-plan-change.service';
import { ALREADY_SUBSCRIBED, startPlan, type Step } from './billing-subscribe.service';
import {
  consumePaymentAttempt,
  fingerprint,
  OTHER_PROVIDER,
  subscriptionView,
  type BillingContext,
} from './billing.service';
import * as repo from './billing.repository';
import { isOver } from './billing.wire';

const NOT_SUBSCRIBED = 'You have no subscription to update yet. Choose a plan first.';
const LIFETIME_IS_FINAL = 'Your Lifetime plan never needs changing.';
const TRIAL_PLANS_ONLY = 'The free trial is only for the Monthly and Yearly plans.';
const TRIAL_FOR_NEW_ONLY = 'The free trial can only start a new subscription.';
const TRIAL_GONE = 'Your free trial has already been used or has ended.';

/**
 * POST (create) and PUT (update) /api/v1/charge-payment/. The provider is called first and our
 * rows are written after, in one transaction: a refused card leaves nothing behind. The write
 * is conditional (one row per trainee, or the version read), so of two concurrent requests one
 * wins; the other's provider effects are undone.
 */
export async function chargePayment(
  ctx: BillingContext & { input: ChargePaymentRequest; mode: 'create' | 'update' },
): Promise<{ msg: string; subscription: UserSubscription }> {
  const { db, actor, input, now } = ctx;
  await consumePaymentAttempt(ctx);
  const trainee = await findUserById(db, actor.id);
  if (!trainee) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  const existing = await repo.findSubscription(db, actor.id);
  const live = existing !== undefined && !isOver(existing, now);
  if (ctx.mode === 'create' && live) throw new AppError('BILLING_CONFLICT', ALREADY_SUBSCRIBED);
  if (ctx.mode === 'update' && !existing) throw new AppError('BILLING_CONFLICT', NOT_SUBSCRIBED);
  if (live && existing.isLifetime) throw new AppError('BILLING_CONFLICT', LIFETIME_IS_FINAL);
  if (live && existing.provider !== ctx.payments.provider) {
    throw new AppError('BILLING_CONFLICT', OTHER_PROVIDER);
  }
  const plan = await repo.findPlan(db, input.sub_id);
  if (!plan) throw AppError.field('sub_id', SELECT_PLAN_MESSAGE);
  if (input.trial) {
    if (plan.id === PLAN_IDS.lifetime) throw new AppError('BILLING_CONFLICT', TRIAL_PLANS_ONLY);
    if (live) throw new AppError('BILLING_CONFLICT', TRIAL_FOR_NEW_ONLY);
    const trialUsed = existing?.trialUsedAt != null;
    if (
      !isTrialAvailable({ isSupervisor: false, dateJoined: trainee.dateJoined, trialUsed, now })
    ) {
      throw new AppError('BILLING_CONFLICT', TRIAL_GONE);
    }
  }
  const coupon = input.coupon ? await redeemableCoupon(ctx, input.coupon) : null;
  const version = existing ? `${existing.id}v${existing.version}` : 'new';
  const step: Step = {
    trainee,
    existing,
    plan,
    coupon,
    input,
    key: `charge-payment:${actor.id}:${version}:${fingerprint([ctx.mode, input])}`,
  };

  const { row, receipt } = live
    ? await changePlan(ctx, step, existing)
    : await startPlan(ctx, step);
  const view = await subscriptionView(db, row, ctx.prices, now);
  await ctx.mailer.send(
    db,
    receiptMail({
      to: trainee.email,
      name: trainee.name,
      kind: receipt.kind,
      planName: plan.name,
      amountCents: receipt.amountCents,
      couponCode: coupon?.code ?? null,
      date: now,
      cardLast4: receipt.cardLast4,
      nextPayment:
        view.next_payment_date && view.next_payment_amount !== null
          ? { date: new Date(view.next_payment_date), amountCents: view.next_payment_amount }
          : null,
      testMode: ctx.payments.testMode,
    }),
  );
  return {
    msg: ctx.mode === 'create' ? PAYMENT_MESSAGES.charged : PAYMENT_MESSAGES.updated,
    subscription: view,
  };
}

async function redeemableCoupon(ctx: BillingContext, code: string): Promise<repo.CouponRow> {
  const coupon = await repo.findCouponByCode(ctx.db, code);
  if (!coupon || couponStatus(coupon, ctx.now) !== 'valid') {
    throw AppError.field('coupon', COUPON_MESSAGES.invalid);
  }
  return coupon;
}
