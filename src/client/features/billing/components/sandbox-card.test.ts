import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
  tokenizeSandboxCard,
} from './sandbox-card';

const NOW = new Date(2026, 4, 15); // 15 May 2026, local time
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Trainee' };

describe('tokenizeSandboxCard', () => {
  it.each([
    ['4242 4242 4242 4242', 'tok_visa'],
    ['4242-4242-4242-4242', 'tok_visa'],
    ['4000000000000002', 'tok_chargeDeclined'],
    ['5555 5555 5555 4444', 'tok_mastercard'],
  ])('turns the test card %s into %s', (number, token) => {
    expect(tokenizeSandboxCard({ ...good, number }, NOW)).toEqual({ token });
  });

  it('takes an Amex test card with a 4-digit security code', () => {
    expect(tokenizeSandboxCard({ ...good, number: '3782 822463 10005', cvc: '1234' }, NOW)).toEqual(
      { token: 'tok_amex' },
    );
    expect(tokenizeSandboxCard({ ...good, number: '378282246310005', cvc: '123' }, NOW)).toEqual({
      errors: { cvc: CARD_MESSAGES.cvcIncomplete },
    });
  });

  it.each([
    ['', CARD_MESSAGES.numberIncomplete],
    ['4242 4242 4242', CARD_MESSAGES.numberIncomplete],
    ['4242 4242 4242 4241', CARD_MESSAGES.numberInvalid],
    // A real-looking number (Luhn-valid) that is not one of the sandbox's test cards.
    ['4012 8888 8888 1881', CARD_MESSAGES.notATestCard],
  ])('refuses the number "%s" in Stripe\'s words', (number, message) => {
    expect(tokenizeSandboxCard({ ...good, number }, NOW)).toEqual({ errors: { number: message } });
  });

  it.each([
    ['', CARD_MESSAGES.expiryIncomplete],
    ['1/3', CARD_MESSAGES.expiryIncomplete],
    ['13/30', CARD_MESSAGES.expiryMonthInvalid],
    ['00/30', CARD_MESSAGES.expiryMonthInvalid],
    ['04/26', CARD_MESSAGES.expiryPast],
    ['12/25', CARD_MESSAGES.expiryPast],
  ])('refuses the expiry "%s"', (expiry, message) => {
    expect(tokenizeSandboxCard({ ...good, expiry }, NOW)).toEqual({ errors: { expiry: message } });
  });

  it('accepts a card expiring this month', () => {
    expect(tokenizeSandboxCard({ ...good, expiry: '05/26' }, NOW)).toEqual({ token: 'tok_visa' });
  });

  it('names every wrong field at once', () => {
    expect(tokenizeSandboxCard({ number: '', expiry: '', cvc: '', name: ' ' }, NOW)).toEqual({
      errors: {
        number: CARD_MESSAGES.numberIncomplete,
        expiry: CARD_MESSAGES.expiryIncomplete,
        cvc: CARD_MESSAGES.cvcIncomplete,
        name: CARD_MESSAGES.nameMissing,
      },
    });
  });
});

describe('formatting as typed', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['378282246310005', '3782 822463 10005'],
    ['4242 abc 4242', '4242 4242'],
  ])('groups the card number %s as %s', (input, output) => {
    expect(formatCardNumber(input)).toBe(output);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['12/30', '12/30'],
    ['12305', '12/30'],
  ])('shapes the expiry %s as %s', (input, output) => {
    expect(formatExpiry(input)).toBe(output);
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
