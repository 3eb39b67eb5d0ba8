import { createHash } from 'node:crypto';
import { isTrialAvailable } from '../../../shared/billing/access';
import { PLAN_IDS } from '../../../shared/billing/plans';
import {
  PAYMENT_MESSAGES,
  type BillingStanding,
  type PaymentDetails,
  type UserSubscription,
  type VerifiedCoupon,
} from '../../../shared/billing/billing.schema';
import {
  couponStatus,
  normalizeCouponCode,
  type CouponDefinition,
} from '../../../shared/billing/coupon';
import { AppError } from '../../../shared/errors';
import type { Mailer } from '../../adapters/mail/mailer';
import type { PaymentsPort } from '../../adapters/payments/payments.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { consumeRateLimit } from '../../plugins/rate-limit';
import { findUserById } from '../accounts';
import { renewWithNewCard } from './billing-renewal.service';
import { standingView, type StandingInputs } from './billing-standing.service';
import * as repo from './billing.repository';
import { isOver, toPlan, toUserSubscription, type PlanPrices } from './billing.wire';

export type BillingDeps = {
  db: Db;
  payments: PaymentsPort;
  mailer: Mailer;
  prices: PlanPrices;
  appUrl: string;
  /** Stripe's publishable key for the browser's card form; null in the sandbox. */
  stripePublishableKey: string | null;
};
export type BillingContext = BillingDeps & { actor: Actor; now: Date };

const EVENTS_SHOWN = 50;
/** Guessing coupon codes is slow: 30 checks per trainee in 15 minutes. */
const COUPON_CHECKS = { limit: 30, windowSeconds: 15 * 60 };
/** Trying card after card is slow too: 10 payment attempts per trainee in 15 minutes. */
const PAYMENT_ATTEMPTS = { limit: 10, windowSeconds: 15 * 60 };

export async function consumePaymentAttempt(ctx: BillingContext): Promise<void> {
  await consumeRateLimit(ctx.db, `payment:${ctx.actor.id}`, PAYMENT_ATTEMPTS, ctx.now);
}

export const NO_SUBSCRIPTION = 'You have no subscription yet. Choose a plan first.';
const LIFETIME_CANNOT_CANCEL = 'A Lifetime plan has nothing to cancel: it never renews.';
export const OTHER_PROVIDER =
  'Your subscription was set up with another payment provider. Choose a plan again to continue.';
export const CHANGED_MEANWHILE =
  'Your subscription changed while this request was processed. Please reload and try again.';

export function fingerprint(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

export async function listPlans(ctx: BillingContext) {
  const plans = await repo.listPlans(ctx.db);
  return {
    results: plans.map((plan) => toPlan(plan, ctx.prices)),
    trial_available: await trialAvailableFor(ctx),
    test_mode: ctx.payments.testMode,
    stripe_publishable_key: ctx.stripePublishableKey,
  };
}

async function trialAvailableFor(ctx: BillingContext): Promise<boolean> {
  if (ctx.actor.isSupervisor) return false;
  const [user, row] = await Promise.all([
    findUserById(ctx.db, ctx.actor.id),
    repo.findSubscription(ctx.db, ctx.actor.id),
  ]);
  if (!user || (row && !isOver(row, ctx.now))) return false;
  return isTrialAvailable({
    isSupervisor: false,
    dateJoined: user.dateJoined,
    trialUsed: row?.trialUsedAt != null,
    now: ctx.now,
  });
}

export async function subscriptionView(
  db: Db,
  row: repo.SubscriptionRow,
  prices: PlanPrices,
  now: Date,
): Promise<UserSubscription> {
  const [plan, pendingCoupon, events] = await Promise.all([
    repo.findPlan(db, row.planId),
    row.pendingCouponId ? repo.findCouponById(db, row.pendingCouponId) : undefined,
    repo.listEvents(db, row.traineeId, EVENTS_SHOWN),
  ]);
  if (!plan) throw new Error(`subscription ${row.id} names a missing plan ${row.planId}`);
  return toUserSubscription({
    row,
    plan,
    prices,
    pendingCoupon: pendingCoupon ?? null,
    events,
    now,
  });
}

/** The standing comes from `account`, the reading the paywall judges by: one verdict. */
export async function getUserSubscriptions(
  ctx: BillingContext & { account: StandingInputs },
): Promise<{ results: UserSubscription[]; standing: BillingStanding }> {
  const row = await repo.findSubscription(ctx.db, ctx.actor.id);
  const standing = standingView(ctx.account, ctx.now);
  if (!row) return { results: [], standing };
  return { results: [await subscriptionView(ctx.db, row, ctx.prices, ctx.now)], standing };
}

/** Never the card's number. */
export async function getPaymentDetails(ctx: BillingContext): Promise<PaymentDetails> {
  const card = await repo.findPaymentMethod(ctx.db, ctx.actor.id);
  return {
    last4: card?.last4 ?? null,
    brand: card?.brand ?? null,
    exp_month: card?.expMonth ?? null,
    exp_year: card?.expYear ?? null,
  };
}

export async function verifyCoupon(
  ctx: BillingContext & { code: string },
): Promise<VerifiedCoupon> {
  await consumeRateLimit(ctx.db, `coupon:${ctx.actor.id}`, COUPON_CHECKS, ctx.now);
  const coupon = await repo.findCouponByCode(ctx.db, normalizeCouponCode(ctx.code));
  const status = couponStatus(coupon ?? null, ctx.now);
  const valid = status === 'valid';
  return {
    valid,
    percent_off: valid ? (coupon?.percentOff ?? null) : null,
    amount_off: valid ? (coupon?.amountOffCents ?? null) : null,
    status,
  };
}

/** For `npm run demo`: the row and `is_paid` a bought Lifetime has, so the paywall reads it so. */
export async function grantLifetime(db: Db, traineeId: number, now: Date): Promise<void> {
  if (await repo.findSubscription(db, traineeId)) return;
  await db.transaction(async (tx) => {
    await repo.insertSubscription(tx, traineeId, {
      planId: PLAN_IDS.lifetime,
      status: 'active',
      isLifetime: true,
      periodStart: now,
      expiry: null,
      provider: 'sandbox',
      providerCustomerId: `granted-${traineeId}`,
    });
    await repo.markPaid(tx, traineeId);
  });
}

export async function createCoupon(ctx: {
  db: Db;
  definition: CouponDefinition;
}): Promise<repo.CouponRow> {
  const row = await repo.insertCoupon(ctx.db, ctx.definition);
  if (!row) throw AppError.field('code', `The coupon ${ctx.definition.code} already exists.`);
  return row;
}

/** SPEC §4: access continues until expiry. Cancelling twice is the same as once. */
export async function cancelSubscription(ctx: BillingContext & { id: number }): Promise<string> {
  const { db, now } = ctx;
  const row = await repo.findSubscription(db, ctx.actor.id);
  // Another trainee's id is "not found", never "forbidden".
  if (!row || row.id !== ctx.id) throw new AppError('NOT_FOUND', 'Subscription not found');
  if (row.isLifetime) throw new AppError('BILLING_CONFLICT', LIFETIME_CANNOT_CANCEL);
  if (row.canceledAt) return PAYMENT_MESSAGES.canceled;
  const key = `cancel:${row.id}:v${row.version}`;
  if (row.externalId && row.provider === ctx.payments.provider) {
    await ctx.payments.cancelSubscription({
      subscriptionId: row.externalId,
      atPeriodEnd: true,
      idempotencyKey: key,
    });
  }
  const done = await db.transaction(async (tx) => {
    const updated = await repo.updateSubscription(
      tx,
      row,
      { canceledAt: now, nextAttemptAt: null },
      now,
    );
    if (!updated) return false;
    await repo.insertEvent(tx, {
      traineeId: row.traineeId,
      subscriptionId: row.id,
      kind: 'cancel',
      planId: row.planId,
      idempotencyKey: key,
      createdAt: now,
    });
    return true;
  });
  if (!done) {
    // Two cancellations at once: the other one did it.
    const current = await repo.findSubscription(db, ctx.actor.id);
    if (!current?.canceledAt) throw new AppError('BILLING_CONFLICT', CHANGED_MEANWHILE);
  }
  return PAYMENT_MESSAGES.canceled;
}

/** A past-due renewal is paid with the new card at once, and the card is kept only if it pays. */
export async function changePaymentMethod(
  ctx: BillingContext & { token: string },
): Promise<string> {
  const { db, payments, now } = ctx;
  await consumePaymentAttempt(ctx);
  const row = await repo.findSubscription(db, ctx.actor.id);
  if (!row) throw new AppError('BILLING_CONFLICT', NO_SUBSCRIPTION);
  const key = `payment-method:${row.id}:v${row.version}:${fingerprint([ctx.token])}`;
  if (row.provider !== payments.provider) throw new AppError('BILLING_CONFLICT', OTHER_PROVIDER);
  const card = await payments.attachPaymentMethod({
    customerId: row.providerCustomerId,
    token: ctx.token,
    now,
    idempotencyKey: key,
  });
  if (!card.ok) throw new AppError('PAYMENT_FAILED', card.message);
  const owed = row.status === 'past_due' && !row.canceledAt && payments.renewals === 'ours';
  if (owed) {
    // The renewal that failed is paid with the new card first; a refusal saves nothing.
    const paid = await renewWithNewCard(ctx, row, card, key);
    if (!paid.ok) throw new AppError('PAYMENT_FAILED', paid.message);
    if (!paid.renewed) throw new AppError('BILLING_CONFLICT', CHANGED_MEANWHILE);
    return PAYMENT_MESSAGES.paymentMethodUpdated;
  }
  await db.transaction(async (tx) => {
    await repo.savePaymentMethod(
      tx,
      { traineeId: row.traineeId, provider: payments.provider },
      card,
      now,
    );
    await repo.insertEvent(tx, {
      traineeId: row.traineeId,
      subscriptionId: row.id,
      kind: 'payment_method',
      planId: row.planId,
      cardLast4: card.card.last4,
      idempotencyKey: key,
      createdAt: now,
    });
  });
  return PAYMENT_MESSAGES.paymentMethodUpdated;
}
