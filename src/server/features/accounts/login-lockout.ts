import { clientNetwork } from '../../plugins/rate-limit';

/**
 * Lockout after failed sign-ins (decision 018). Failures are counted per (email, client address)
 * pair and per client address; past a key's threshold every further failure locks that key for
 * twice as long as the one before, never more than 15 minutes. No lock is per account alone, so
 * an attacker elsewhere can never lock the owner out of their own address, and a password reset
 * clears the account's pairs.
 */

/** The longest a lock lasts. */
export const MAX_LOCK_MS = 15 * 60_000;
/** The first lock past a threshold. */
export const FIRST_LOCK_MS = 60_000;
/** Failures older than this are forgotten: the next one starts a new count. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;

export type LockoutRule = { threshold: number };

/** How many failures each kind of key allows before it locks. */
export const LOCKOUT_RULES = {
  /** One person guessing at one account from one place. */
  pair: { threshold: 5 },
  /** One place guessing at many accounts (or one account under many emails). */
  address: { threshold: 20 },
} as const satisfies Record<string, LockoutRule>;

export type LockoutKind = keyof typeof LOCKOUT_RULES;

/**
 * How long a key stays locked after its `failures`-th failure: nothing below the threshold,
 * then 1, 2, 4, 8 minutes… capped at 15.
 *
 * | failures (threshold 5) | lock     |
 * |------------------------|----------|
 * | 1–4                    | 0        |
 * | 5                      | 1 min    |
 * | 6                      | 2 min    |
 * | 8                      | 8 min    |
 * | 9 and more             | 15 min   |
 */
export function lockDurationMs(failures: number, rule: LockoutRule): number {
  if (failures < rule.threshold) return 0;
  const doublings = Math.min(failures - rule.threshold, 10);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, MAX_LOCK_MS);
}

/**
 * The keys one sign-in attempt counts against. Emails arrive lower-cased; an IPv6 address counts
 * as its /64 (clientNetwork).
 */
export function lockoutKeys(email: string, address: string): Record<LockoutKind, string> {
  const network = clientNetwork(address);
  return { pair: `pair:${email}|${network}`, address: `address:${network}` };
}

/** The prefix of every pair key of an email (a reset clears them all). */
export function pairKeyPrefix(email: string): string {
  return `pair:${email}|`;
}
