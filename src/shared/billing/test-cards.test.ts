import { describe, expect, it } from 'vitest';
import { sandboxTokenForCardNumber } from './test-cards';

describe('sandboxTokenForCardNumber', () => {
  it.each<[string, string | null]>([
    ['4242 4242 4242 4242', 'tok_visa'],
    ['4242424242424242', 'tok_visa'],
    ['4000-0000-0000-0002', 'tok_chargeDeclined'],
    ['4000 0000 0000 9995', 'tok_chargeDeclinedInsufficientFunds'],
    ['4000 0000 0000 0069', 'tok_chargeDeclinedExpiredCard'],
    ['5555 5555 5555 4444', 'tok_mastercard'],
    ['3782 822463 10005', 'tok_amex'],
    ['4111 1111 1111 1111', null],
    ['', null],
  ])('%s → %s', (number, token) => {
    expect(sandboxTokenForCardNumber(number)).toBe(token);
  });
});
