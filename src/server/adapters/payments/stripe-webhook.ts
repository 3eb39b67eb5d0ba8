import type Stripe from 'stripe';
import type { Config } from '../../env';
import { createStripeClient } from './stripe-client';
import { periodOf } from './stripe';

/**
 * What a verified Stripe event means for us, read back from Stripe (the event body is only a
 * pointer: a forged or stale body cannot change our state).
 */
export type StripeFact =
  | {
      kind: 'renewed';
      subscriptionId: string;
      periodStart: Date;
      periodEnd: Date;
      amountCents: number;
      invoiceId: string;
    }
  | { kind: 'payment_failed'; subscriptionId: string; amountCents: number; message: string }
  | { kind: 'canceled'; subscriptionId: string; canceledAt: Date; endedAt: Date }
  | { kind: 'refunded'; customerId: string; amountCents: number; chargeId: string }
  | { kind: 'ignored' };

/** A verified event: its id, its type and the id of the object it is about. */
export type StripeEventRef = { id: string; type: string; objectId: string | null };

export type StripeWebhookReader = {
  /** The event, when the signature over the raw body is valid for our secret; else null. */
  verify(rawBody: Buffer, signature: string | undefined): StripeEventRef | null;
  /** Re-reads the event's object from Stripe. */
  factOf(event: StripeEventRef): Promise<StripeFact>;
};

const at = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const FAILED_MESSAGE = 'Your card was declined.';

export function createStripeWebhookReader(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'STRIPE_WEBHOOK_SECRET'>,
): StripeWebhookReader {
  const stripe = createStripeClient(config);
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error('PAYMENTS=stripe needs STRIPE_WEBHOOK_SECRET');

  const subscriptionOfInvoice = (invoice: Stripe.Invoice) =>
    idOf(invoice.parent?.subscription_details?.subscription);

  return {
    verify(rawBody, signature) {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        return null;
      }
      const object: object = event.data.object;
      const objectId = 'id' in object && typeof object.id === 'string' ? object.id : null;
      return { id: event.id, type: event.type, objectId };
    },

    async factOf(event) {
      const { objectId } = event;
      if (!objectId) return { kind: 'ignored' };
      switch (event.type) {
        case 'invoice.paid': {
          const invoice = await stripe.invoices.retrieve(objectId);
          const subscriptionId = subscriptionOfInvoice(invoice);
          // The first invoice is the charge our API already recorded; only cycles are renewals.
          if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle') {
            return { kind: 'ignored' };
          }
          const period = periodOf(await stripe.subscriptions.retrieve(subscriptionId));
          return {
            kind: 'renewed',
            subscriptionId,
            periodStart: period.start,
            periodEnd: period.end,
            amountCents: invoice.amount_paid,
            invoiceId: invoice.id,
          };
        }
        case 'invoice.payment_failed': {
          const invoice = await stripe.invoices.retrieve(objectId);
          const subscriptionId = subscriptionOfInvoice(invoice);
          if (!subscriptionId || invoice.status === 'paid') return { kind: 'ignored' };
          return {
            kind: 'payment_failed',
            subscriptionId,
            amountCents: invoice.amount_due,
            message: invoice.last_finalization_error?.message ?? FAILED_MESSAGE,
          };
        }
        case 'customer.subscription.deleted': {
          const subscription = await stripe.subscriptions.retrieve(objectId);
          if (subscription.status !== 'canceled') return { kind: 'ignored' };
          const ended = subscription.ended_at ? at(subscription.ended_at) : new Date();
          return {
            kind: 'canceled',
            subscriptionId: subscription.id,
            canceledAt: subscription.canceled_at ? at(subscription.canceled_at) : ended,
            endedAt: ended,
          };
        }
        case 'charge.refunded': {
          const charge = await stripe.charges.retrieve(objectId);
          const customerId = idOf(charge.customer);
          if (!customerId || charge.amount_refunded === 0) return { kind: 'ignored' };
          return {
            kind: 'refunded',
            customerId,
            amountCents: charge.amount_refunded,
            chargeId: charge.id,
          };
        }
        default:
          return { kind: 'ignored' };
      }
    },
  };
}
