import { daysRemaining } from '../../../../shared/billing/access';
import type { BillingEventKind, UserSubscription } from '../../../../shared/billing/billing.schema';

/** A day as the billing screens write it: 'March 9, 2026'. */
export function formatDay(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/**
 * SPEC §2 "days remaining": '∞' for lifetime, '--' with no active plan, else the whole days
 * left (shared/billing/access.ts counts them).
 */
export function daysRemainingLabel(subscription: UserSubscription | null, now: Date): string {
  const active = subscription?.is_active ? subscription : null;
  const days = daysRemaining(
    active && {
      expiry: active.expiry ? new Date(active.expiry) : null,
      isLifetime: active.is_lifetime,
    },
    now,
  );
  if (days === 'lifetime') return '∞';
  return days === null ? '--' : String(days);
}

/** How each line of the billing history reads. */
export const EVENT_LABELS: Record<BillingEventKind, string> = {
  charge: 'Payment',
  trial: 'Free trial started',
  renewal: 'Renewal',
  failure: 'Payment failed',
  plan_change: 'Plan changed',
  cancel: 'Cancelled',
  payment_method: 'Card changed',
  refund: 'Refund',
};

/** 'Visa •••• 4242', or null without a card. */
export function cardLabel(card: { brand: string | null; last4: string | null }): string | null {
  if (!card.last4) return null;
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} •••• ${card.last4}`;
}
