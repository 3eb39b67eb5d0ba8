import { describe, expect, it } from 'vitest';
import type { SubscriptionPlan } from '../../../../shared/billing/billing.schema';
import { planPriceLabel, selectablePlans, yearlySaving } from './plan-list';

const plan = (
  id: number,
  name: string,
  period: SubscriptionPlan['price']['period'],
  cents: number,
  hidden = false,
): SubscriptionPlan => ({
  id,
  name,
  price: { price: cents / 100, period, unit_amount: cents },
  is_hidden: hidden,
});

// As GET /api/v1/subscription/ lists them: by id, the Trial plan first.
const PLANS = [
  plan(3, 'Trial', 'month', 0, true),
  plan(12, 'Monthly', 'month', 1499),
  plan(13, 'Yearly', 'year', 14900),
  plan(14, 'Lifetime', 'life_time', 29900),
];

describe('the plan picker', () => {
  it('hides the Trial plan and shows Lifetime, Yearly, Monthly', () => {
    expect(selectablePlans(PLANS).map((p) => p.name)).toEqual(['Lifetime', 'Yearly', 'Monthly']);
  });

  it('never offers plan 3, even when it is not flagged hidden', () => {
    const unflagged = PLANS.map((p) => ({ ...p, is_hidden: false }));
    expect(selectablePlans(unflagged).map((p) => p.id)).toEqual([14, 13, 12]);
  });

  it('saves twelve monthly prices minus the yearly one, ignoring the $0 Trial plan', () => {
    expect(yearlySaving(PLANS)).toBe(12 * 1499 - 14900);
  });

  it.each([
    [14900, 3088],
    [17988, null],
    [19000, null],
  ])('with Yearly at %i cents the saving is %s', (yearlyCents, saving) => {
    const plans = PLANS.map((p) => (p.id === 13 ? plan(13, 'Yearly', 'year', yearlyCents) : p));
    expect(yearlySaving(plans)).toBe(saving);
  });

  it('has no saving without a Monthly plan to compare with', () => {
    expect(yearlySaving(PLANS.filter((p) => p.id !== 12))).toBeNull();
  });

  it.each([
    [PLANS[1], '$14.99 per month'],
    [PLANS[2], '$149.00 per year'],
    [PLANS[3], '$299.00 one-time payment'],
  ])('reads the price of %o as %s', (given, label) => {
    expect(planPriceLabel(given!)).toBe(label);
  });
});
