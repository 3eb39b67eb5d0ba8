import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import type { StripeEventRef, StripeFact } from '../../adapters/payments/stripe-webhook';
import type { Db } from '../../db/client';
import { findUserById } from '../accounts';
import { receiptMail, renewalFailedMail } from './billing-emails';
import * as webhookRepo from './billing-webhook.repository';
import * as repo from './billing.repository';
import { nextChargeCents } from './billing.wire';

export type WebhookContext = {
  db: Db;
  mailer: Mailer;
  testMode: boolean;
  appUrl: string;
  now: Date;
};

type Change = {
  values: Partial<repo.SubscriptionValues>;
  /** Absent when our history already tells it (a cancellation the trainee made here). */
  event?: Omit<repo.BillingEventValues, 'traineeId' | 'subscriptionId' | 'idempotencyKey'>;
  mail?: (updated: repo.SubscriptionRow) => MailMessage;
};

/**
 * Applies what a Stripe event means (already re-read from Stripe) to our subscription, once:
 * the event id is claimed in the same transaction as the change, so a replayed delivery has no
 * effect. Returns whether this delivery changed anything.
 */
export async function applyStripeEvent(
  ctx: WebhookContext,
  event: StripeEventRef,
  fact: StripeFact,
): Promise<boolean> {
  const { db, now } = ctx;
  const row =
    fact.kind === 'ignored'
      ? undefined
      : fact.kind === 'refunded'
        ? await webhookRepo.findByCustomerId(db, fact.customerId)
        : await webhookRepo.findByExternalId(db, fact.subscriptionId);
  if (fact.kind === 'ignored' || !row) {
    // Nothing of ours (another app's customer, an event we do not use): remembered, not applied.
    await webhookRepo.claimEvent(db, event, now);
    return false;
  }
  const [plan, card, user] = await Promise.all([
    repo.findPlan(db, row.planId),
    repo.findPaymentMethod(db, row.traineeId),
    findUserById(db, row.traineeId),
  ]);
  const change = changeFor(ctx, row, fact, {
    to: user?.email ?? '',
    name: user?.name ?? '',
    planName: plan?.name ?? '',
    cardLast4: card?.last4 ?? null,
  });

  const updated = await db.transaction(async (tx) => {
    if (!(await webhookRepo.claimEvent(tx, event, now))) return undefined;
    const written = await repo.updateSubscription(tx, row, change.values, now);
    // Changed meanwhile: fail the delivery (rolling back the claim) so Stripe sends it again.
    if (!written) throw new Error(`subscription ${row.id} changed while applying ${event.id}`);
    if (change.event) {
      await repo.insertEvent(tx, {
        ...change.event,
        traineeId: row.traineeId,
        subscriptionId: row.id,
        idempotencyKey: `stripe:${event.id}`,
      });
    }
    return written;
  });
  if (!updated) return false;
  if (change.mail && user) {
    await ctx.mailer.send(db, change.mail(updated));
  }
  return true;
}

function changeFor(
  ctx: WebhookContext,
  row: repo.SubscriptionRow,
  fact: Exclude<StripeFact, { kind: 'ignored' }>,
  shown: { to: string; name: string; planName: string; cardLast4: string | null },
): Change {
  const common = { planId: row.planId, cardLast4: shown.cardLast4, createdAt: ctx.now };
  switch (fact.kind) {
    case 'renewed':
      return {
        values: {
          status: 'active',
          periodStart: fact.periodStart,
          expiry: fact.periodEnd,
          paidAmountCents: fact.amountCents,
          pendingCouponId: null,
          failedAttempts: 0,
          nextAttemptAt: null,
        },
        event: {
          ...common,
          kind: 'renewal',
          amountCents: fact.amountCents,
          providerRef: fact.invoiceId,
        },
        mail: (updated) =>
          receiptMail({
            to: shown.to,
            name: shown.name,
            kind: 'renewal',
            planName: shown.planName,
            amountCents: fact.amountCents,
            couponCode: null,
            date: ctx.now,
            cardLast4: shown.cardLast4,
            nextPayment: { date: fact.periodEnd, amountCents: nextChargeCents(updated, null) },
            testMode: ctx.testMode,
          }),
      };
    case 'payment_failed':
      return {
        values: { status: 'past_due', failedAttempts: row.failedAttempts + 1 },
        event: { ...common, kind: 'failure', amountCents: fact.amountCents, message: fact.message },
        mail: () =>
          renewalFailedMail({
            to: shown.to,
            name: shown.name,
            planName: shown.planName,
            amountCents: fact.amountCents,
            message: fact.message,
            cardLast4: shown.cardLast4,
            // Stripe schedules its own retries; we do not know when.
            nextAttempt: null,
            expiry: row.expiry ?? ctx.now,
            now: ctx.now,
            updateCardUrl: `${ctx.appUrl}/student/subscription/update-payment-method`,
            testMode: ctx.testMode,
          }),
      };
    case 'canceled':
      // Stripe ended it (at the period end we asked for, or at once from its dashboard): access
      // runs to whichever comes first. Never deleted: the trainee may subscribe again.
      return {
        values: {
          canceledAt: row.canceledAt ?? fact.canceledAt,
          nextAttemptAt: null,
          ...(row.expiry && fact.endedAt < row.expiry ? { expiry: fact.endedAt } : {}),
        },
        ...(row.canceledAt ? {} : { event: { ...common, kind: 'cancel' as const } }),
      };
    case 'refunded':
      return {
        values: {},
        event: {
          ...common,
          kind: 'refund',
          amountCents: fact.amountCents,
          providerRef: fact.chargeId,
        },
      };
  }
}
