import Stripe from 'stripe';
import type { RecurringPeriod } from '../../../shared/billing/plans';
import type { PaymentFailure, PaymentsPort, SubscriptionPeriod } from './payments.port';
import { createStripeClient, type StripeConfig } from './stripe-client';

/**
 * The port on Stripe (official SDK). Stripe holds the subscriptions and renews them; its signed
 * webhooks tell us (billing-webhook.*). Every write sends an idempotency key derived from the
 * one the service passes, one suffix per call, so a retried operation repeats nothing.
 */

const CURRENCY = 'usd';
/** A new period from now (ending any trial). */
const RESTART: Pick<Stripe.SubscriptionUpdateParams, 'billing_cycle_anchor' | 'trial_end'> = {
  billing_cycle_anchor: { type: 'now' },
  trial_end: 'now',
};
const SECOND = 1000;

/** A refusal the person should read (a declined card); anything else is thrown on. */
async function orRefusal<T>(call: () => Promise<T>): Promise<({ ok: true } & T) | PaymentFailure> {
  try {
    return { ok: true, ...(await call()) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      return { ok: false, message: error.message, code: error.code ?? 'card_declined' };
    }
    throw error;
  }
}

const at = (seconds: number) => new Date(seconds * SECOND);
const unix = (instant: Date) => Math.floor(instant.getTime() / SECOND);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The period Stripe says the subscription is in (a trial's ends with the trial). */
export function periodOf(subscription: Stripe.Subscription): { start: Date; end: Date } {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  return { start: at(item.current_period_start), end: at(item.current_period_end) };
}

/** What the latest invoice charged: its id (refund() resolves it), or null when nothing. */
function chargeOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.amount_paid > 0 ? invoice.id : null;
}

export function createStripePayments(config: StripeConfig): PaymentsPort {
  const stripe = createStripeClient(config);

  /** A price for one plan at one amount (prices are our configuration, not Stripe's catalogue). */
  const priceFor = (planId: number, period: RecurringPeriod, cents: number, key: string) =>
    stripe.prices.create(
      {
        currency: CURRENCY,
        unit_amount: cents,
        recurring: { interval: period },
        product_data: { name: `Fieldwork Tracker plan ${planId}` },
        metadata: { plan_id: String(planId) },
      },
      { idempotencyKey: `${key}:price` },
    );

  /** The first period's reduction (coupon or credit) as a one-use Stripe coupon. */
  const discountsFor = async (renewalCents: number, firstCents: number, key: string) => {
    const off = renewalCents - firstCents;
    if (off <= 0) return undefined;
    const coupon = await stripe.coupons.create(
      { amount_off: off, currency: CURRENCY, duration: 'once' },
      { idempotencyKey: `${key}:coupon` },
    );
    return [{ coupon: coupon.id }];
  };

  const answer = (subscription: Stripe.Subscription): SubscriptionPeriod => {
    const period = periodOf(subscription);
    return {
      subscriptionId: subscription.id,
      chargeId: chargeOf(subscription),
      periodStart: period.start,
      periodEnd: period.end,
    };
  };

  return {
    provider: 'stripe',
    testMode: config.STRIPE_SECRET_KEY?.startsWith('sk_test_') ?? true,
    renewals: 'provider',

    async createCustomer({ traineeId, email, name, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { trainee_id: String(traineeId) } },
        { idempotencyKey },
      );
      return { customerId: customer.id };
    },

    async attachPaymentMethod({ customerId, token, idempotencyKey }) {
      return orRefusal(async () => {
        // Elements gives a PaymentMethod (pm_…); a card token (tok_…) becomes one first.
        const paymentMethodId = token.startsWith('tok_')
          ? (
              await stripe.paymentMethods.create(
                { type: 'card', card: { token } },
                { idempotencyKey: `${idempotencyKey}:pm` },
              )
            ).id
          : token;
        const method = await stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `${idempotencyKey}:attach` },
        );
        await stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: method.id } },
          { idempotencyKey: `${idempotencyKey}:default` },
        );
        if (!method.card) throw new Error(`Stripe payment method ${method.id} is not a card`);
        return {
          paymentMethodId: method.id,
          card: {
            brand: method.card.brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
          },
        };
      });
    },

    async createSubscription(input) {
      const key = input.idempotencyKey;
      return orRefusal(async () => {
        const price = await priceFor(input.planId, input.period, input.renewalAmountCents, key);
        const discounts = await discountsFor(input.renewalAmountCents, input.amountCents, key);
        const subscription = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: price.id }],
            default_payment_method: input.paymentMethodId,
            ...(input.trialEnd ? { trial_end: unix(input.trialEnd) } : {}),
            ...(discounts ? { discounts } : {}),
            // A declined first payment fails the call (402) instead of leaving it incomplete.
            payment_behavior: 'error_if_incomplete',
            metadata: { plan_id: String(input.planId) },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: key },
        );
        return answer(subscription);
      });
    },

    async updateSubscription(input) {
      const key = input.idempotencyKey;
      return orRefusal(async () => {
        const current = await stripe.subscriptions.retrieve(input.subscriptionId);
        const item = current.items.data[0];
        const price = await priceFor(input.planId, input.period, input.renewalAmountCents, key);
        const discounts = input.restartPeriod
          ? await discountsFor(input.renewalAmountCents, input.amountCents, key)
          : undefined;
        const subscription = await stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [item ? { id: item.id, price: price.id } : { price: price.id }],
            default_payment_method: input.paymentMethodId,
            cancel_at_period_end: false,
            // Our service computed the credit for unused time; Stripe must not add its own.
            proration_behavior: 'none',
            ...(input.restartPeriod ? RESTART : {}),
            ...(discounts ? { discounts } : {}),
            payment_behavior: 'error_if_incomplete',
            metadata: { plan_id: String(input.planId) },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: key },
        );
        if (!input.restartPeriod) {
          return {
            ...answer(subscription),
            chargeId: null,
            periodStart: input.currentPeriod.start,
            periodEnd: input.currentPeriod.end,
          };
        }
        return answer(subscription);
      });
    },

    async cancelSubscription({ subscriptionId, atPeriodEnd, idempotencyKey }) {
      if (atPeriodEnd) {
        await stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey },
        );
      } else {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
      }
    },

    async charge(input) {
      return orRefusal(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: CURRENCY,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            description: input.description,
            confirm: true,
            off_session: true,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { chargeId: intent.id };
      });
    },

    async refund({ chargeId, idempotencyKey }) {
      // A subscription's charge is known by its invoice: refund the payment that paid it.
      let paymentIntent = chargeId;
      if (chargeId.startsWith('in_')) {
        const invoice = await stripe.invoices.retrieve(chargeId, { expand: ['payments'] });
        const paid = invoice.payments?.data.find((p) => p.status === 'paid');
        const intent = idOf(paid?.payment.payment_intent);
        if (!intent) throw new Error(`Stripe invoice ${chargeId} has no payment to refund`);
        paymentIntent = intent;
      }
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}
