// The sandbox provider's test cards (docs/architecture.md "Real parts") and the token each becomes
// (the same tokens Stripe's test mode accepts). Nothing here is a real card.
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', token: 'tok_visa', outcome: 'Succeeds' },
  { number: '5555555555554444', token: 'tok_mastercard', outcome: 'Succeeds' },
  { number: '378282246310005', token: 'tok_amex', outcome: 'Succeeds' },
  { number: '4000000000000002', token: 'tok_chargeDeclined', outcome: 'Declined' },
  {
    number: '4000000000009995',
    token: 'tok_chargeDeclinedInsufficientFunds',
    outcome: 'Declined: insufficient funds',
  },
  {
    number: '4000000000000069',
    token: 'tok_chargeDeclinedExpiredCard',
    outcome: 'Declined: expired card',
  },
  {
    number: '4000000000000341',
    token: 'tok_chargeCustomerFail',
    outcome: 'Saved, but every charge is declined (renewal failures)',
  },
] as const;

export type SandboxToken = (typeof SANDBOX_TEST_CARDS)[number]['token'];

/** The test token for a card number (spaces or dashes allowed), or null if not a test card. */
export function sandboxTokenForCardNumber(cardNumber: string): SandboxToken | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.token ?? null;
}
