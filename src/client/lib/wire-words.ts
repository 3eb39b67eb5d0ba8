import { ACCOUNT_MESSAGES } from '../../shared/accounts/account.schema';
import { PAYMENT_MESSAGES } from '../../shared/billing/payment-messages';

/*
 * The API contract's `msg` strings stay on the wire word for word (SPEC §7: clients compare
 * them, misspellings included); people are shown these words instead (issue 36).
 */
const SHOWN = new Map<string, string>([
  [ACCOUNT_MESSAGES.activated, 'Your email is verified: your account is ready.'],
  [ACCOUNT_MESSAGES.resetSent, 'We sent you a code to reset your password.'],
  [ACCOUNT_MESSAGES.resetDone, 'Your password was reset. Sign in with the new one.'],
  [PAYMENT_MESSAGES.charged, 'Payment received: your subscription is active.'],
]);

/** What a person reads for a contract message (the message itself when it reads well). */
export function shownWords(message: string): string {
  return SHOWN.get(message) ?? message;
}

/** The toast after a plan is bought: a trial start charges nothing, and says so. */
export function paidWords(message: string, { isTrial }: { isTrial: boolean }): string {
  return isTrial && message === PAYMENT_MESSAGES.charged
    ? 'Your 7-day free trial has started: nothing was charged today.'
    : shownWords(message);
}
