import type { PAYWALL_MESSAGES } from '../../shared/billing/access';

/** The two ways a trainee's access runs out (shared/billing/access.ts decides which). */
export type ExpiredAccess = keyof typeof PAYWALL_MESSAGES;

/** Narrows a standing's access to the expired kinds the dialog shows, or null. */
export function expiredAccessOf(access: string): ExpiredAccess | null {
  return access === 'trial_expired' || access === 'subscription_expired' ? access : null;
}
