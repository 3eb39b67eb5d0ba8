import {
  sandboxTokenForCardNumber,
  type SandboxToken,
} from '../../../../shared/billing/test-cards';

/**
 * The sandbox card form's checks, in Stripe's own words (what Stripe Elements says for the
 * same mistakes), so the two card forms read alike.
 */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  notATestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Please enter the name on the card.',
} as const;

export type SandboxCardValues = { number: string; expiry: string; cvc: string; name: string };
export type SandboxCardErrors = Partial<Record<keyof SandboxCardValues, string>>;

const digitsOf = (text: string) => text.replace(/\D/g, '');
const isAmex = (digits: string) => /^3[47]/.test(digits);

/** The card number as typed, grouped for reading: '4242 4242 4242 4242' (Amex 4-6-5). */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, 19);
  const groups = isAmex(digits)
    ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
    : (digits.match(/.{1,4}/g) ?? []);
  return groups.filter(Boolean).join(' ');
}

/** The expiry as typed, shaped 'MM/YY'. */
export function formatExpiry(input: string): string {
  const digits = digitsOf(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function numberError(digits: string): string | null {
  if (digits.length < (isAmex(digits) ? 15 : 16)) return CARD_MESSAGES.numberIncomplete;
  if (!passesLuhn(digits)) return CARD_MESSAGES.numberInvalid;
  if (!sandboxTokenForCardNumber(digits)) return CARD_MESSAGES.notATestCard;
  return null;
}

function expiryError(expiry: string, now: Date): string | null {
  const digits = digitsOf(expiry);
  if (digits.length !== 4) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryMonthInvalid;
  // A card is good through the last day of its expiry month.
  const current = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < current) return CARD_MESSAGES.expiryPast;
  return null;
}

/**
 * Checks a sandbox card and turns it into the provider's test token, as Stripe's tokenisation
 * would: the token, or the message for each field that is wrong.
 */
export function tokenizeSandboxCard(
  values: SandboxCardValues,
  now: Date,
): { token: SandboxToken } | { errors: SandboxCardErrors } {
  const digits = digitsOf(values.number);
  const errors: SandboxCardErrors = {};
  const number = numberError(digits);
  if (number) errors.number = number;
  const expiry = expiryError(values.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (digitsOf(values.cvc).length < (isAmex(digits) ? 4 : 3)) {
    errors.cvc = CARD_MESSAGES.cvcIncomplete;
  }
  if (values.name.trim() === '') errors.name = CARD_MESSAGES.nameMissing;
  const token = sandboxTokenForCardNumber(digits);
  if (Object.keys(errors).length > 0 || !token) return { errors };
  return { token };
}
