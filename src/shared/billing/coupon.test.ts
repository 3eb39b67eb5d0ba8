import { describe, expect, it } from 'vitest';
import {
  couponAppliedMessage,
  CouponDefinitionSchema,
  couponStatus,
  normalizeCouponCode,
  type CouponStatus,
  type CouponTerms,
} from './coupon';

const NOW = new Date('2026-06-15T12:00:00Z');
const coupon = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  percentOff: 20,
  amountOffCents: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  uses: 0,
  ...overrides,
});

describe('couponStatus', () => {
  it.each<[string, CouponTerms | null, CouponStatus]>([
    ['no such code', null, 'not_found'],
    ['open-ended', coupon(), 'valid'],
    ['valid from now on', coupon({ validFrom: NOW }), 'valid'],
    [
      'starts a second later',
      coupon({ validFrom: new Date(NOW.getTime() + 1000) }),
      'not_yet_valid',
    ],
    ['ends a second later', coupon({ validUntil: new Date(NOW.getTime() + 1000) }), 'valid'],
    ['ended now (validUntil is exclusive)', coupon({ validUntil: NOW }), 'expired'],
    ['one use left', coupon({ maxUses: 100, uses: 99 }), 'valid'],
    ['used up', coupon({ maxUses: 100, uses: 100 }), 'used_up'],
  ])('%s', (_case, terms, status) => {
    expect(couponStatus(terms, NOW)).toBe(status);
  });
});

describe('couponAppliedMessage (SPEC §8)', () => {
  it.each<[number | null, number | null, string]>([
    [20, null, 'Congratulations you got 20% off!'],
    [100, null, 'Congratulations you got 100% off!'],
    [null, 500, 'Congratulations you got $5 off!'],
    [null, 250, 'Congratulations you got $2.5 off!'],
  ])('percent %s, amount %s', (percent_off, amount_off, message) => {
    expect(couponAppliedMessage({ percent_off, amount_off })).toBe(message);
  });
});

describe('normalizeCouponCode', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeCouponCode('  save20 ')).toBe('SAVE20');
  });
});

describe('CouponDefinitionSchema', () => {
  it('reads the dates as UTC days, valid through the end of the last day', () => {
    const parsed = CouponDefinitionSchema.parse({
      code: 'save20',
      percentOff: 20,
      validFrom: '2026-01-01',
      validUntil: '2027-01-01',
      maxUses: 100,
    });
    expect(parsed).toEqual({
      code: 'SAVE20',
      percentOff: 20,
      amountOffCents: null,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validUntil: new Date('2027-01-02T00:00:00Z'),
      maxUses: 100,
    });
    expect(couponStatus({ ...parsed, uses: 0 }, new Date('2027-01-01T23:59:59Z'))).toBe('valid');
    expect(couponStatus({ ...parsed, uses: 0 }, new Date('2027-01-02T00:00:00Z'))).toBe('expired');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['both discounts', { code: 'BOTH', percentOff: 10, amountOffCents: 100 }, 'percentOff'],
    ['no discount', { code: 'NONE' }, 'percentOff'],
    ['over 100%', { code: 'MUCH', percentOff: 101 }, 'percentOff'],
    ['a negative amount', { code: 'NEG', amountOffCents: -5 }, 'amountOffCents'],
    ['a code with spaces', { code: 'SAVE 20', percentOff: 20 }, 'code'],
    ['an impossible date', { code: 'FEB', percentOff: 5, validUntil: '2026-02-30' }, 'validUntil'],
    [
      'ends before it starts',
      { code: 'BACK', percentOff: 5, validFrom: '2026-02-02', validUntil: '2026-02-01' },
      'validUntil',
    ],
    ['zero uses', { code: 'ZERO', percentOff: 5, maxUses: 0 }, 'maxUses'],
  ])('refuses %s', (_case, input, field) => {
    const parsed = CouponDefinitionSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });
});
