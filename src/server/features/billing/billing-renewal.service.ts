import { periodEnd } from '../../../shared/billing/plans';
import { applyCredit, priceAfterCoupon } from '../../../shared/billing/price';
import { nextRenewalAttempt } from '../../../shared/billing/renewal';
import type { Mailer } from '../../adapters/mail/mailer';
import type { PaymentFailure, PaymentsPort } from '../../adapters/payments/payments.port';
import type { Db } from '../../db/client';
import { findUserById } from '../accounts/accounts.repository';
import { receiptMail, renewalFailedMail } from './billing-emails';
import * as repo from './billing.repository';
import { nextChargeCents, type PlanPrices } from './billing.wire';

/** How often each instance looks for due renewals. */
export const RENEWAL_INTERVAL_MINUTES = 15;
/**
 * Renewals are charged up to an hour before expiry (the new period still starts at expiry), so
 * a job that runs every 15 minutes renews before the 2-minute grace of SPEC §9 runs out.
 */
export const RENEWAL_LEAD_MINUTES = 60;
/** A claim this old belongs to an instance that stopped mid-renewal; another may take it. */
const STALE_CLAIM_MINUTES = 10;
const MINUTE = 60_000;

export type RenewalContext = {
  db: Db;
  payments: PaymentsPort;
  mailer: Mailer;
  prices: PlanPrices;
  appUrl: string;
  now: Date;
};

export type RenewalOutcome =
  { outcome: 'none' } | { outcome: 'renewed' } | { outcome: 'failed'; message: string };

/**
 * The renewal job (when the provider leaves renewals to us, as the sandbox does): claims the
 * due subscriptions in the database, so several instances running it charge each once, then
 * charges, records and mails each. Returns how many it claimed.
 */
export async function runRenewals(ctx: RenewalContext): Promise<number> {
  if (ctx.payments.renewals !== 'ours') return 0;
  const claimed = await repo.claimDueRenewals(ctx.db, {
    provider: ctx.payments.provider,
    now: ctx.now,
    dueBy: new Date(ctx.now.getTime() + RENEWAL_LEAD_MINUTES * MINUTE),
    staleBefore: new Date(ctx.now.getTime() - STALE_CLAIM_MINUTES * MINUTE),
  });
  // One subscription's trouble (the provider unreachable) must not hold up the others; its claim
  // goes stale and a later run retries it with the same idempotency key.
  const errors: unknown[] = [];
  for (const row of claimed) {
    try {
      await renewClaimed(ctx, row);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) {
    throw new AggregateError(errors, `${errors.length} of ${claimed.length} renewals failed`);
  }
  return claimed.length;
}

/** Retries a past-due renewal at once (the trainee just saved a new card). */
export async function retryPastDue(
  ctx: RenewalContext,
  subscriptionId: number,
): Promise<RenewalOutcome> {
  if (ctx.payments.renewals !== 'ours') return { outcome: 'none' };
  const row = await repo.claimForRetry(ctx.db, subscriptionId, {
    now: ctx.now,
    staleBefore: new Date(ctx.now.getTime() - STALE_CLAIM_MINUTES * MINUTE),
  });
  return row ? renewClaimed(ctx, row) : { outcome: 'none' };
}

async function renewClaimed(
  ctx: RenewalContext,
  row: repo.SubscriptionRow,
): Promise<RenewalOutcome> {
  const { db, payments, now } = ctx;
  const [plan, card, coupon, user] = await Promise.all([
    repo.findPlan(db, row.planId),
    repo.findPaymentMethod(db, row.traineeId),
    row.pendingCouponId ? repo.findCouponById(db, row.pendingCouponId) : undefined,
    findUserById(db, row.traineeId),
  ]);
  if (!plan || plan.period === 'life_time' || !row.expiry || !user) {
    await repo.updateSubscription(db, row, { renewalClaimedAt: null }, now);
    return { outcome: 'none' };
  }
  const quote = priceAfterCoupon(row.renewalAmountCents, coupon ?? null);
  const { amountCents, creditLeftCents } = applyCredit(quote.amountCents, row.creditCents);
  // Early renewals start at expiry; a late retry starts now (the lapsed days are not billed).
  const start = row.expiry > now ? row.expiry : now;
  const end = periodEnd(start, plan.period);
  const key = `renewal:${row.id}:${row.expiry.toISOString()}:${row.failedAttempts}`;
  const common = {
    traineeId: row.traineeId,
    subscriptionId: row.id,
    planId: plan.id,
    amountCents,
    couponCode: coupon?.code ?? null,
    cardLast4: card?.last4 ?? null,
    createdAt: now,
  };

  const noCard: PaymentFailure = {
    ok: false,
    message: 'There is no card on file.',
    code: 'no_card',
  };
  const result = !card
    ? noCard
    : amountCents === 0
      ? { ok: true as const, chargeId: null }
      : await payments.charge({
          customerId: row.providerCustomerId,
          paymentMethodId: card.providerPaymentMethodId,
          amountCents,
          description: `Fieldwork Tracker ${plan.name} plan`,
          now,
          idempotencyKey: key,
        });

  if (result.ok) {
    const renewed = await db.transaction(async (tx) => {
      const updated = await repo.updateSubscription(
        tx,
        row,
        {
          status: 'active',
          periodStart: start,
          expiry: end,
          paidAmountCents: quote.amountCents,
          creditCents: creditLeftCents,
          pendingCouponId: null,
          failedAttempts: 0,
          nextAttemptAt: null,
          renewalClaimedAt: null,
        },
        now,
      );
      if (updated) {
        await repo.insertEvent(tx, {
          ...common,
          kind: 'renewal',
          providerRef: result.chargeId,
          idempotencyKey: key,
        });
      }
      return updated;
    });
    if (!renewed) {
      // The trainee changed the subscription meanwhile: their change stands, this charge goes back.
      if (result.chargeId) {
        await payments.refund({ chargeId: result.chargeId, idempotencyKey: `${key}:refund` });
      }
      return { outcome: 'none' };
    }
    await ctx.mailer.send(
      db,
      receiptMail({
        to: user.email,
        name: user.name,
        kind: 'renewal',
        planName: plan.name,
        amountCents,
        couponCode: coupon?.code ?? null,
        date: now,
        cardLast4: card?.last4 ?? null,
        nextPayment: { date: end, amountCents: nextChargeCents(renewed, null) },
        testMode: payments.testMode,
      }),
    );
    return { outcome: 'renewed' };
  }

  const failedAttempts = row.failedAttempts + 1;
  const nextAttemptAt = nextRenewalAttempt(failedAttempts, now);
  const recorded = await db.transaction(async (tx) => {
    const updated = await repo.updateSubscription(
      tx,
      row,
      { status: 'past_due', failedAttempts, nextAttemptAt, renewalClaimedAt: null },
      now,
    );
    if (updated) {
      await repo.insertEvent(tx, {
        ...common,
        kind: 'failure',
        message: result.message,
        idempotencyKey: `${key}:failure`,
      });
    }
    return updated !== undefined;
  });
  if (recorded) {
    await ctx.mailer.send(
      db,
      renewalFailedMail({
        to: user.email,
        name: user.name,
        planName: plan.name,
        amountCents,
        message: result.message,
        cardLast4: card?.last4 ?? null,
        nextAttempt: nextAttemptAt,
        expiry: row.expiry,
        now,
        updateCardUrl: `${ctx.appUrl}/student/subscription/update-payment-method`,
        testMode: payments.testMode,
      }),
    );
  }
  return { outcome: 'failed', message: result.message };
}
