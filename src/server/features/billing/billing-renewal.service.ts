import { periodEnd } from '../../../shared/billing/plans';
import { applyCredit, priceAfterCoupon } from '../../../shared/billing/price';
import { nextRenewalAttempt } from '../../../shared/billing/renewal';
import type { Mailer } from '../../adapters/mail/mailer';
import type {
  CardDetails,
  PaymentResult,
  PaymentsPort,
} from '../../adapters/payments/payments.port';
import type { Db } from '../../db/client';
import { findUserById, type UserRow } from '../accounts';
import { receiptMail, renewalFailedMail } from './billing-emails';
import * as repo from './billing.repository';
import { nextChargeCents, type PlanPrices } from './billing.wire';

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

/** Claimed in the database so several instances charge each once. Returns how many it claimed. */
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

type Renewal = {
  plan: repo.PlanRow;
  user: UserRow;
  coupon: repo.CouponRow | null;
  amountCents: number;
  end: Date;
  values: Partial<repo.SubscriptionValues>;
};

async function renewalOf(db: Db, row: repo.SubscriptionRow, now: Date): Promise<Renewal | null> {
  const [plan, coupon, user] = await Promise.all([
    repo.findPlan(db, row.planId),
    row.pendingCouponId ? repo.findCouponById(db, row.pendingCouponId) : undefined,
    findUserById(db, row.traineeId),
  ]);
  if (!plan || plan.period === 'life_time' || !row.expiry || !user) return null;
  const quote = priceAfterCoupon(row.renewalAmountCents, coupon ?? null);
  const { amountCents, creditLeftCents } = applyCredit(quote.amountCents, row.creditCents);
  // Early renewals start at expiry; a late retry starts now (the lapsed days are not billed).
  const start = row.expiry > now ? row.expiry : now;
  const end = periodEnd(start, plan.period);
  return {
    plan,
    user,
    coupon: coupon ?? null,
    amountCents,
    end,
    values: {
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
  };
}

function chargeRenewal(
  ctx: RenewalContext,
  row: repo.SubscriptionRow,
  renewal: Renewal,
  paymentMethodId: string,
  idempotencyKey: string,
): Promise<PaymentResult<{ chargeId: string | null }>> {
  if (renewal.amountCents === 0) return Promise.resolve({ ok: true, chargeId: null });
  return ctx.payments.charge({
    customerId: row.providerCustomerId,
    paymentMethodId,
    amountCents: renewal.amountCents,
    description: `Fieldwork Tracker ${renewal.plan.name} plan`,
    now: ctx.now,
    idempotencyKey,
  });
}

/**
 * Writes a paid renewal (and, with `newCard`, the card that paid it) if nobody changed the
 * subscription meanwhile; otherwise their change stands and the charge goes back.
 */
async function recordRenewal(
  ctx: RenewalContext,
  row: repo.SubscriptionRow,
  renewal: Renewal,
  charge: { chargeId: string | null; cardLast4: string | null; idempotencyKey: string },
  newCard?: { paymentMethodId: string; card: CardDetails },
): Promise<repo.SubscriptionRow | undefined> {
  const { db, now, payments } = ctx;
  const renewed = await db.transaction(async (tx) => {
    const updated = await repo.updateSubscription(tx, row, renewal.values, now);
    if (!updated) return undefined;
    if (newCard) {
      await repo.savePaymentMethod(
        tx,
        { traineeId: row.traineeId, provider: payments.provider },
        newCard,
        now,
      );
    }
    await repo.insertEvent(tx, {
      traineeId: row.traineeId,
      subscriptionId: row.id,
      kind: 'renewal',
      planId: renewal.plan.id,
      amountCents: renewal.amountCents,
      couponCode: renewal.coupon?.code ?? null,
      cardLast4: charge.cardLast4,
      providerRef: charge.chargeId,
      idempotencyKey: charge.idempotencyKey,
      createdAt: now,
    });
    return updated;
  });
  if (!renewed) {
    if (charge.chargeId) {
      await payments.refund({
        chargeId: charge.chargeId,
        idempotencyKey: `${charge.idempotencyKey}:refund`,
      });
    }
    return undefined;
  }
  await ctx.mailer.send(
    db,
    receiptMail({
      to: renewal.user.email,
      name: renewal.user.name,
      kind: 'renewal',
      planName: renewal.plan.name,
      amountCents: renewal.amountCents,
      couponCode: renewal.coupon?.code ?? null,
      date: now,
      cardLast4: charge.cardLast4,
      nextPayment: { date: renewal.end, amountCents: nextChargeCents(renewed, null) },
      testMode: payments.testMode,
    }),
  );
  return renewed;
}

async function renewClaimed(ctx: RenewalContext, row: repo.SubscriptionRow): Promise<void> {
  const { db, now } = ctx;
  const [renewal, card] = await Promise.all([
    renewalOf(db, row, now),
    repo.findPaymentMethod(db, row.traineeId),
  ]);
  if (!renewal || !row.expiry) {
    await repo.updateSubscription(db, row, { renewalClaimedAt: null }, now);
    return;
  }
  const key = `renewal:${row.id}:${row.expiry.toISOString()}:${row.failedAttempts}`;
  const result = card
    ? await chargeRenewal(ctx, row, renewal, card.providerPaymentMethodId, key)
    : { ok: false as const, message: 'There is no card on file.', code: 'no_card' };
  if (result.ok) {
    const charge = {
      chargeId: result.chargeId,
      cardLast4: card?.last4 ?? null,
      idempotencyKey: key,
    };
    await recordRenewal(ctx, row, renewal, charge);
    return;
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
        traineeId: row.traineeId,
        subscriptionId: row.id,
        kind: 'failure',
        planId: renewal.plan.id,
        amountCents: renewal.amountCents,
        couponCode: renewal.coupon?.code ?? null,
        cardLast4: card?.last4 ?? null,
        message: result.message,
        idempotencyKey: `${key}:failure`,
        createdAt: now,
      });
    }
    return updated !== undefined;
  });
  if (!recorded) return;
  await ctx.mailer.send(
    db,
    renewalFailedMail({
      to: renewal.user.email,
      name: renewal.user.name,
      planName: renewal.plan.name,
      amountCents: renewal.amountCents,
      message: result.message,
      cardLast4: card?.last4 ?? null,
      nextAttempt: nextAttemptAt,
      expiry: row.expiry,
      now,
      updateCardUrl: `${ctx.appUrl}/student/subscription/update-payment-method`,
      testMode: ctx.payments.testMode,
    }),
  );
}

/** Only a successful charge writes anything; a refusal leaves everything as it was. */
export async function renewWithNewCard(
  ctx: RenewalContext,
  row: repo.SubscriptionRow,
  newCard: { paymentMethodId: string; card: CardDetails },
  idempotencyKey: string,
): Promise<PaymentResult<{ renewed: repo.SubscriptionRow | undefined }>> {
  const renewal = await renewalOf(ctx.db, row, ctx.now);
  if (!renewal) return { ok: true, renewed: undefined };
  const key = `${idempotencyKey}:renewal`;
  const result = await chargeRenewal(ctx, row, renewal, newCard.paymentMethodId, key);
  if (!result.ok) return result;
  const charge = { chargeId: result.chargeId, cardLast4: newCard.card.last4, idempotencyKey: key };
  return { ok: true, renewed: await recordRenewal(ctx, row, renewal, charge, newCard) };
}
