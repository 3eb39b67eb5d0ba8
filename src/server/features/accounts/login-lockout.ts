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
  /**
   * One signed-in session guessing at its account's password (the current password of a change;
   * issue 36): whoever holds a stolen session does not escape it by changing address, and it
   * never locks the owner's other sessions.
   */
  session: { threshold: 5 },
} as const satisfies Record<string, LockoutRule>;

export type LockoutKind = keyof typeof LOCKOUT_RULES;

/** The keys one attempt counts against: always its pair and address, a session's when signed in. */
export type LockoutKeys = { pair: string; address: string; session?: string };

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
 * The keys one password attempt counts against (a signed-in one also against its session).
 * Emails arrive lower-cased; an IPv6 address counts as its /64 (clientNetwork).
 */
export function lockoutKeys(email: string, address: string, sessionId?: number): LockoutKeys {
  const network = clientNetwork(address);
  return {
    pair: `pair:${email}|${network}`,
    address: `address:${network}`,
    ...(sessionId === undefined ? {} : { session: `session:${sessionId}` }),
  };
}

/** Every key of an attempt, as the lock check reads them. */
export function allKeys(keys: LockoutKeys): string[] {
  return [keys.pair, keys.address, ...(keys.session === undefined ? [] : [keys.session])];
}

/** The keys a right password clears: its pair and session, never its address (decision 018). */
export function keysClearedBySuccess(keys: LockoutKeys): string[] {
  return [keys.pair, ...(keys.session === undefined ? [] : [keys.session])];
}

/** The prefix of every pair key of an email (a reset clears them all). */
export function pairKeyPrefix(email: string): string {
  return `pair:${email}|`;
}
