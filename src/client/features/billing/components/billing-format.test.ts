import { describe, expect, it } from 'vitest';
import type { UserSubscription } from '../../../../shared/billing/billing.schema';
import { cardLabel, daysRemainingLabel } from './billing-format';

const NOW = new Date('2026-03-10T12:00:00Z');

function subscription(overrides: Partial<UserSubscription>): UserSubscription {
  return {
    id: 1,
    subscription: {
      id: 12,
      name: 'Monthly',
      price: { price: 14.99, period: 'month', unit_amount: 1499 },
      is_hidden: false,
    },
    expiry: '2026-03-20T12:00:00Z',
    is_active: true,
    is_lifetime: false,
    external_subscription_id: null,
    status: 'active',
    cancel_at_period_end: false,
    next_payment_date: null,
    next_payment_amount: null,
    trial_end: null,
    trial_used: false,
    events: [],
    ...overrides,
  };
}

describe('days remaining (SPEC §2)', () => {
  it.each([
    ['no subscription', null, '--'],
    ['an active plan ending in 10 days', subscription({}), '10'],
    [
      'a plan ending in 9 days and 1 hour (rounded up)',
      subscription({ expiry: '2026-03-19T13:00:00Z' }),
      '10',
    ],
    ['a plan no longer active', subscription({ is_active: false }), '--'],
    ['lifetime', subscription({ is_lifetime: true, expiry: null }), '∞'],
  ])('%s reads %s', (_, row, expected) => {
    expect(daysRemainingLabel(row, NOW)).toBe(expected);
  });
});

describe('the card on file', () => {
  it.each([
    [{ brand: 'visa', last4: '4242' }, 'Visa •••• 4242'],
    [{ brand: null, last4: '0005' }, 'Card •••• 0005'],
    [{ brand: 'visa', last4: null }, null],
  ])('%o reads %s', (card, expected) => {
    expect(cardLabel(card)).toBe(expected);
  });
});
