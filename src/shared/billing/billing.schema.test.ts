import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { ChargePaymentRequestSchema, VerifyCouponQuerySchema } from './billing.schema';

describe('ChargePaymentRequestSchema', () => {
  it.each<
    [string, Record<string, unknown>, { sub_id: number; coupon: string | null; trial: boolean }]
  >([
    [
      'the query-string form of trial',
      { sub_id: '12', token: 'tok_visa', trial: '1' },
      { sub_id: 12, coupon: null, trial: true },
    ],
    [
      'a boolean trial and a coupon',
      { sub_id: 13, token: 'tok_visa', trial: false, coupon: ' save20 ' },
      { sub_id: 13, coupon: 'SAVE20', trial: false },
    ],
    [
      'trial as 0, a blank coupon',
      { sub_id: 14, token: 'tok_visa', trial: 0, coupon: '' },
      { sub_id: 14, coupon: null, trial: false },
    ],
    [
      'no trial, a null coupon',
      { sub_id: 14, token: 'tok_visa', coupon: null },
      { sub_id: 14, coupon: null, trial: false },
    ],
  ])('reads %s', (_case, body, expected) => {
    expect(ChargePaymentRequestSchema.parse(body)).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'the Trial plan',
      { sub_id: 3, token: 'tok_visa' },
      'sub_id',
      'Please select a subscription plan',
    ],
    ['no plan', { sub_id: 0, token: 'tok_visa' }, 'sub_id', 'Please select a subscription plan'],
    [
      'a card number instead of a token',
      { sub_id: 12, token: '4242 4242 4242 4242' },
      'token',
      'Not a valid card token',
    ],
    [
      'trial as a word',
      { sub_id: 12, token: 'tok_visa', trial: 'yes' },
      'trial',
      'Must be true or false',
    ],
  ])('refuses %s', (_case, body, field, message) => {
    const parsed = ChargePaymentRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});

describe('VerifyCouponQuerySchema', () => {
  it('asks for a code when it is blank (SPEC §5)', () => {
    const parsed = VerifyCouponQuerySchema.safeParse({ coupon: '  ' });
    expect(parsed.error?.issues[0]?.message).toBe('Please enter a coupon code');
  });
});

describe('payment errors', () => {
  it('carry the message in `error` for the contract’s client and in `detail` for ours', () => {
    const declined = new AppError('PAYMENT_FAILED', 'Your card was declined.');
    expect(declined.status).toBe(402);
    expect(declined.toBody()).toEqual({
      error: 'Your card was declined.',
      detail: 'Your card was declined.',
      code: 'PAYMENT_FAILED',
    });
    expect(new AppError('BILLING_CONFLICT', 'x').status).toBe(409);
  });
});
