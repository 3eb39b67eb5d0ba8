import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../../shared/billing/test-cards';
import { createSandboxPayments } from './sandbox';

const NOW = new Date('2026-05-01T10:00:00Z');
const sandbox = createSandboxPayments();

async function attach(token: string, key = `attach-${token}`) {
  return sandbox.attachPaymentMethod({ customerId: 'cus_x', token, now: NOW, idempotencyKey: key });
}

describe('sandbox provider: test tokens', () => {
  it.each<[string, string, string]>([
    ['tok_visa', 'visa', '4242'],
    ['tok_mastercard', 'mastercard', '4444'],
    ['tok_amex', 'amex', '0005'],
    ['tok_chargeCustomerFail', 'visa', '0341'],
  ])(
    'saves %s as a %s ending %s, expiring in December three years on',
    async (token, brand, last4) => {
      const result = await attach(token);
      expect(result).toMatchObject({
        ok: true,
        card: { brand, last4, expMonth: 12, expYear: 2029 },
      });
    },
  );

  it.each<[string, string]>([
    ['tok_chargeDeclined', 'Your card was declined.'],
    ['tok_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['tok_chargeDeclinedExpiredCard', 'Your card has expired.'],
    ['tok_unknown', "No such token: 'tok_unknown'"],
  ])('refuses %s with the message "%s"', async (token, message) => {
    const result = await attach(token);
    expect(result).toMatchObject({ ok: false, message });
  });

  it('knows every card of the shared test-card list', async () => {
    for (const card of SANDBOX_TEST_CARDS) {
      const result = await attach(card.token);
      expect(result.ok ? 'Succeeds' : 'Declined').toBe(
        card.outcome.startsWith('Declined') ? 'Declined' : 'Succeeds',
      );
    }
  });
});

describe('sandbox provider: charges', () => {
  it('charges a saved card, and refuses every charge to tok_chargeCustomerFail', async () => {
    const visa = await attach('tok_visa');
    const failing = await attach('tok_chargeCustomerFail');
    if (!visa.ok || !failing.ok) throw new Error('cards should attach');
    const base = { customerId: 'cus_x', description: 'Monthly', now: NOW };
    expect(
      await sandbox.charge({
        ...base,
        paymentMethodId: visa.paymentMethodId,
        amountCents: 1499,
        idempotencyKey: 'c1',
      }),
    ).toMatchObject({ ok: true, chargeId: expect.stringMatching(/^ch_sbx_[0-9a-f]{16}$/) });
    expect(
      await sandbox.charge({
        ...base,
        paymentMethodId: failing.paymentMethodId,
        amountCents: 1499,
        idempotencyKey: 'c2',
      }),
    ).toEqual({ ok: false, message: 'Your card was declined.', code: 'card_declined' });
  });

  it('gives the same ids for the same idempotency key, and new ones for another key', async () => {
    const card = await attach('tok_visa', 'same');
    if (!card.ok) throw new Error('card should attach');
    const input = {
      customerId: 'cus_x',
      paymentMethodId: card.paymentMethodId,
      planId: 12,
      period: 'month' as const,
      amountCents: 1499,
      renewalAmountCents: 1499,
      trialEnd: null,
      now: NOW,
    };
    const first = await sandbox.createSubscription({ ...input, idempotencyKey: 'k1' });
    const again = await sandbox.createSubscription({ ...input, idempotencyKey: 'k1' });
    const other = await sandbox.createSubscription({ ...input, idempotencyKey: 'k2' });
    expect(again).toEqual(first);
    expect(other.ok && first.ok && other.subscriptionId !== first.subscriptionId).toBe(true);
    expect(first).toMatchObject({
      ok: true,
      periodStart: NOW,
      periodEnd: new Date('2026-06-01T10:00:00Z'),
    });
  });

  it('charges nothing during a trial, even on a card that would be refused', async () => {
    const failing = await attach('tok_chargeCustomerFail');
    if (!failing.ok) throw new Error('card should attach');
    const trialEnd = new Date('2026-05-05T10:00:00Z');
    const result = await sandbox.createSubscription({
      customerId: 'cus_x',
      paymentMethodId: failing.paymentMethodId,
      planId: 13,
      period: 'year',
      amountCents: 14900,
      renewalAmountCents: 14900,
      trialEnd,
      now: NOW,
      idempotencyKey: 'trial',
    });
    expect(result).toMatchObject({ ok: true, chargeId: null, periodEnd: trialEnd });
  });
});
