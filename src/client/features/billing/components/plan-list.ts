import type { SubscriptionPlan } from '../../../../shared/billing/billing.schema';
import {
  isSelectablePlan,
  sortPlansForPicker,
  yearlySavingCents,
  type PlanPeriod,
} from '../../../../shared/billing/plans';
import { formatUsd } from '../../../../shared/billing/price';

/** How each period reads after a price. */
export const PER_PERIOD: Record<PlanPeriod, string> = {
  month: 'per month',
  year: 'per year',
  life_time: 'one-time payment',
};

/** The plans a trainee can pick, in the pickers' order (SPEC §2): Lifetime, Yearly, Monthly. */
export function selectablePlans(plans: SubscriptionPlan[]): SubscriptionPlan[] {
  const shown = plans
    .filter((plan) => !plan.is_hidden && isSelectablePlan(plan.id))
    .map((plan) => ({ plan, period: plan.price.period }));
  return sortPlansForPicker(shown).map((entry) => entry.plan);
}

/** SPEC §9: the yearly card's saving in cents, or null when there is none to show. */
export function yearlySaving(plans: SubscriptionPlan[]): number | null {
  // The hidden Trial plan is priced per month too: only the plans on sale count.
  const onSale = selectablePlans(plans);
  const monthly = onSale.find((plan) => plan.price.period === 'month');
  const yearly = onSale.find((plan) => plan.price.period === 'year');
  if (!monthly || !yearly) return null;
  const saving = yearlySavingCents(monthly.price.unit_amount, yearly.price.unit_amount);
  return saving > 0 ? saving : null;
}

/** How a plan's price reads on its card and in summaries: '$14.99 per month'. */
export function planPriceLabel(plan: SubscriptionPlan): string {
  return `${formatUsd(plan.price.unit_amount)} ${PER_PERIOD[plan.price.period]}`;
}
