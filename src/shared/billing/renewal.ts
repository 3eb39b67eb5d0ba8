/** How renewals that the product runs itself (the sandbox provider) retry a failed charge. */

/** A renewal is tried at most this many times (the first try and three retries). */
export const MAX_RENEWAL_ATTEMPTS = 4;
export const RENEWAL_RETRY_DAYS = 1;

/** When to retry after `failedAttempts`, or null once used up (past due until the card changes). */
export function nextRenewalAttempt(failedAttempts: number, now: Date): Date | null {
  if (failedAttempts >= MAX_RENEWAL_ATTEMPTS) return null;
  return new Date(now.getTime() + RENEWAL_RETRY_DAYS * 86_400_000);
}
