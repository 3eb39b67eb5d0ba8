import { describe, expect, it } from 'vitest';
import {
  applyCredit,
  centsToDollars,
  formatUsd,
  priceAfterCoupon,
  unusedCreditCents,
  type Discount,
  type PriceQuote,
} from './price';

const percent = (percentOff: number): Discount => ({ percentOff, amountOffCents: null });
const amount = (amountOffCents: number): Discount => ({ percentOff: null, amountOffCents });

describe('priceAfterCoupon', () => {
  it.each<[string, number, Discount | null, PriceQuote]>([
    ['no coupon', 1499, null, { amountCents: 1499, discountCents: 0, percentOff: 0 }],
    ['20% off', 1500, percent(20), { amountCents: 1200, discountCents: 300, percentOff: 20 }],
    [
      'a percentage rounds to the nearest cent',
      1499,
      percent(15),
      { amountCents: 1274, discountCents: 225, percentOff: 15.01 },
    ],
    [
      '100% off charges nothing',
      14900,
      percent(100),
      { amountCents: 0, discountCents: 14900, percentOff: 100 },
    ],
    [
      '$5 off (amount_off in cents)',
      1499,
      amount(500),
      { amountCents: 999, discountCents: 500, percentOff: 33.36 },
    ],
    [
      'amount_off equal to the price',
      1499,
      amount(1499),
      { amountCents: 0, discountCents: 1499, percentOff: 100 },
    ],
    [
      'amount_off larger than the price floors at 0 and shows 100%',
      1499,
      amount(5000),
      { amountCents: 0, discountCents: 1499, percentOff: 100 },
    ],
    ['a free plan stays free', 0, percent(50), { amountCents: 0, discountCents: 0, percentOff: 0 }],
  ])('%s', (_case, price, discount, quote) => {
    expect(priceAfterCoupon(price, discount)).toEqual(quote);
  });
});

describe('applyCredit', () => {
  it.each<[number, number, { amountCents: number; creditLeftCents: number }]>([
    [1499, 0, { amountCents: 1499, creditLeftCents: 0 }],
    [1499, 500, { amountCents: 999, creditLeftCents: 0 }],
    [1499, 1499, { amountCents: 0, creditLeftCents: 0 }],
    [1499, 10000, { amountCents: 0, creditLeftCents: 8501 }],
    [0, 300, { amountCents: 0, creditLeftCents: 300 }],
  ])('charge %i with %i credit', (charge, credit, result) => {
    expect(applyCredit(charge, credit)).toEqual(result);
  });
});

describe('unusedCreditCents', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const end = new Date('2026-01-31T00:00:00Z'); // 30 days
  const at = (day: number) => new Date(start.getTime() + day * 86_400_000);
  it.each<[string, Date, number]>([
    ['at the start: everything', start, 3000],
    ['a third in: two thirds', at(10), 2000],
    ['at the end: nothing', end, 0],
    ['after the end: nothing', at(40), 0],
    ['rounds down to the cent', at(1), 2900],
  ])('%s', (_case, now, credit) => {
    expect(unusedCreditCents({ paidCents: 3000, periodStart: start, periodEnd: end, now })).toBe(
      credit,
    );
  });

  it('is 0 for a period that cost nothing (a trial or a 100% coupon)', () => {
    expect(
      unusedCreditCents({ paidCents: 0, periodStart: start, periodEnd: end, now: at(5) }),
    ).toBe(0);
  });
});

describe('money on screen', () => {
  it.each<[number, string]>([
    [1499, '$14.99'],
    [14900, '$149.00'],
    [5, '$0.05'],
    [0, '$0.00'],
    [123456789, '$1,234,567.89'],
  ])('formatUsd(%i) is %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('sends dollars in the plan list', () => {
    expect(centsToDollars(1499)).toBe(14.99);
    expect(centsToDollars(29900)).toBe(299);
  });
});
