/** How renewals that the product runs itself (the sandbox provider) retry a failed charge. */

/** A renewal is tried at most this many times (the first try and three retries). */
export const MAX_RENEWAL_ATTEMPTS = 4;
/** Days between tries. */
export const RENEWAL_RETRY_DAYS = 1;

/**
 * When to try again after `failedAttempts` failures, or null when the attempts are used up
 * (the subscription then stays past due until the trainee changes their card).
 */
export function nextRenewalAttempt(failedAttempts: number, now: Date): Date | null {
  if (failedAttempts >= MAX_RENEWAL_ATTEMPTS) return null;
  return new Date(now.getTime() + RENEWAL_RETRY_DAYS * 86_400_000);
}
