import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/accounts/account.schema';
import { PAYMENT_MESSAGES } from '../../shared/billing/billing.schema';
import { paidWords, shownWords } from './wire-words';

// Issue 36: the contract's strings stay on the wire; people read these words.
describe('the words shown for contract messages', () => {
  it.each([
    [ACCOUNT_MESSAGES.activated, 'Your email is verified: your account is ready.'],
    [ACCOUNT_MESSAGES.resetSent, 'We sent you a code to reset your password.'],
    [ACCOUNT_MESSAGES.resetDone, 'Your password was reset. Sign in with the new one.'],
    [PAYMENT_MESSAGES.charged, 'Payment received: your subscription is active.'],
    ['Successfully Updated Subscription', 'Successfully Updated Subscription'],
    ['Plan saved', 'Plan saved'],
  ])('%s reads "%s"', (message, shown) => {
    expect(shownWords(message)).toBe(shown);
  });

  it('says a trial start charged nothing', () => {
    expect(paidWords(PAYMENT_MESSAGES.charged, { isTrial: true })).toBe(
      'Your 7-day free trial has started: nothing was charged today.',
    );
    expect(paidWords(PAYMENT_MESSAGES.charged, { isTrial: false })).toBe(
      'Payment received: your subscription is active.',
    );
  });
});
