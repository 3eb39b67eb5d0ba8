import { createHash } from 'node:crypto';
import { periodEnd } from '../../../shared/billing/plans';
import { SANDBOX_TEST_CARDS, type SandboxToken } from '../../../shared/billing/test-cards';
import type { CardDetails, PaymentFailure, PaymentsPort } from './payments.port';

/**
 * The sandbox provider: real code with the semantics of Stripe's test mode and no network.
 * It accepts Stripe's well-known test tokens and answers with Stripe's messages. Its ids are
 * derived from the idempotency key, so the same key gives the same customer, card, subscription
 * or charge, as a provider's idempotency does, with nothing kept in memory. Subscriptions live
 * in our database and our renewal job charges them.
 */

type CardBehaviour = {
  brand: string;
  /** Refused when saved (Stripe checks the card when it is attached). */
  declineOnAttach?: string;
  /** Saved, but every charge is refused (Stripe's tok_chargeCustomerFail). */
  declineOnCharge?: string;
};

const DECLINED = 'Your card was declined.';
const BEHAVIOUR: Record<SandboxToken, CardBehaviour> = {
  tok_visa: { brand: 'visa' },
  tok_mastercard: { brand: 'mastercard' },
  tok_amex: { brand: 'amex' },
  tok_chargeDeclined: { brand: 'visa', declineOnAttach: DECLINED },
  tok_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    declineOnAttach: 'Your card has insufficient funds.',
  },
  tok_chargeDeclinedExpiredCard: { brand: 'visa', declineOnAttach: 'Your card has expired.' },
  tok_chargeCustomerFail: { brand: 'visa', declineOnCharge: DECLINED },
};

const PM_PATTERN = /^pm_sbx_([A-Za-z]+)_[0-9a-f]{16}$/;

function idFor(prefix: string, idempotencyKey: string): string {
  return `${prefix}_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;
}

function testCard(token: string) {
  return SANDBOX_TEST_CARDS.find((card) => card.token === token);
}

/** The test token a sandbox payment method was made from. */
function tokenOfPaymentMethod(paymentMethodId: string): SandboxToken | undefined {
  const suffix = PM_PATTERN.exec(paymentMethodId)?.[1];
  return testCard(`tok_${suffix ?? ''}`)?.token;
}

const declined = (message: string): PaymentFailure => ({
  ok: false,
  message,
  code: 'card_declined',
});

/** Charges `amountCents` to a sandbox card: null when it goes through, else the refusal. */
function refusalOfCharge(paymentMethodId: string, amountCents: number): PaymentFailure | null {
  if (amountCents <= 0) return null;
  const token = tokenOfPaymentMethod(paymentMethodId);
  if (!token) {
    return {
      ok: false,
      message: `No such PaymentMethod: '${paymentMethodId}'`,
      code: 'resource_missing',
    };
  }
  const message = BEHAVIOUR[token].declineOnCharge;
  return message ? declined(message) : null;
}

export function createSandboxPayments(): PaymentsPort {
  return {
    provider: 'sandbox',
    testMode: true,
    renewals: 'ours',

    async createCustomer({ idempotencyKey }) {
      return { customerId: idFor('cus_sbx', idempotencyKey) };
    },

    async attachPaymentMethod({ token, now, idempotencyKey }) {
      const card = testCard(token);
      if (!card)
        return { ok: false, message: `No such token: '${token}'`, code: 'resource_missing' };
      const behaviour = BEHAVIOUR[card.token];
      if (behaviour.declineOnAttach) return declined(behaviour.declineOnAttach);
      const details: CardDetails = {
        brand: behaviour.brand,
        last4: card.number.slice(-4),
        // Stripe's test tokens carry a future expiry; the sandbox's is December, 3 years on.
        expMonth: 12,
        expYear: now.getUTCFullYear() + 3,
      };
      const paymentMethodId = idFor(`pm_sbx_${card.token.slice('tok_'.length)}`, idempotencyKey);
      return { ok: true, paymentMethodId, card: details };
    },

    async createSubscription(input) {
      const chargeNow = input.trialEnd ? 0 : input.amountCents;
      const refusal = refusalOfCharge(input.paymentMethodId, chargeNow);
      if (refusal) return refusal;
      return {
        ok: true,
        subscriptionId: idFor('sub_sbx', input.idempotencyKey),
        chargeId: chargeNow > 0 ? idFor('ch_sbx', input.idempotencyKey) : null,
        periodStart: input.now,
        periodEnd: input.trialEnd ?? periodEnd(input.now, input.period),
      };
    },

    async updateSubscription(input) {
      // Only a restart charges; otherwise the sandbox has nothing to change (our row is the record).
      const chargeNow = input.restartPeriod ? input.amountCents : 0;
      const refusal = refusalOfCharge(input.paymentMethodId, chargeNow);
      if (refusal) return refusal;
      return {
        ok: true,
        subscriptionId: input.subscriptionId,
        chargeId: chargeNow > 0 ? idFor('ch_sbx', input.idempotencyKey) : null,
        periodStart: input.restartPeriod ? input.now : input.currentPeriod.start,
        periodEnd: input.restartPeriod
          ? periodEnd(input.now, input.period)
          : input.currentPeriod.end,
      };
    },

    async cancelSubscription() {
      // Our database holds the sandbox's subscriptions: the service's write is the cancellation.
    },

    async charge(input) {
      const refusal = refusalOfCharge(input.paymentMethodId, input.amountCents);
      if (refusal) return refusal;
      return { ok: true, chargeId: idFor('ch_sbx', input.idempotencyKey) };
    },

    async refund({ idempotencyKey }) {
      return { refundId: idFor('re_sbx', idempotencyKey) };
    },
  };
}
