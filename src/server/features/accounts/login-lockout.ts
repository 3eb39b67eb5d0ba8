import { clientNetwork } from '../../plugins/rate-limit';

/**
 * Lockout after failed sign-ins (decision 018). No lock is per account alone, so an attacker
 * elsewhere can never lock the owner out of their own address.
 */

export const MAX_LOCK_MS = 15 * 60_000;
export const FIRST_LOCK_MS = 60_000;
/** Failures older than this are forgotten: the next one starts a new count. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;

export type LockoutRule = { threshold: number };

export const LOCKOUT_RULES = {
  /** One person guessing at one account from one place. */
  pair: { threshold: 5 },
  /** One place guessing at many accounts (or one account under many emails). */
  address: { threshold: 20 },
  /** Issue 36: a stolen session cannot escape by changing address, nor lock the owner's others. */
  session: { threshold: 5 },
} as const satisfies Record<string, LockoutRule>;

export type LockoutKeys = { pair: string; address: string; session?: string };

/** Nothing below the threshold, then 1, 2, 4, 8 minutes… capped at 15. */
export function lockDurationMs(failures: number, rule: LockoutRule): number {
  if (failures < rule.threshold) return 0;
  const doublings = Math.min(failures - rule.threshold, 10);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, MAX_LOCK_MS);
}

/** Emails arrive lower-cased; an IPv6 address counts as its /64 (clientNetwork). */
export function lockoutKeys(email: string, address: string, sessionId?: number): LockoutKeys {
  const network = clientNetwork(address);
  return {
    pair: `pair:${email}|${network}`,
    address: `address:${network}`,
    ...(sessionId === undefined ? {} : { session: `session:${sessionId}` }),
  };
}

export function allKeys(keys: LockoutKeys): string[] {
  return [keys.pair, keys.address, ...(keys.session === undefined ? [] : [keys.session])];
}

/** The keys a right password clears: its pair and session, never its address (decision 018). */
export function keysClearedBySuccess(keys: LockoutKeys): string[] {
  return [keys.pair, ...(keys.session === undefined ? [] : [keys.session])];
}

/** A password reset clears every pair of the email. */
export function pairKeyPrefix(email: string): string {
  return `pair:${email}|`;
}
