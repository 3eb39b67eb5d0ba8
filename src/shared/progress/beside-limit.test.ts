import { describe, expect, it } from 'vitest';
import {
  figureBesideLimit,
  formatHoursBesideLimit,
  formatPercentBesideLimit,
  type Limit,
} from './beside-limit';

const atLeast = (value: number): Limit => ({ value, bound: 'min' });
const atMost = (value: number): Limit => ({ value, bound: 'max' });

describe('formatPercentBesideLimit', () => {
  const cases: [string, number, Limit, string][] = [
    [
      '6 of 121 supervised hours fail 5%: two decimals, not 5.0',
      (6 * 100) / 121,
      atLeast(5),
      '4.96%',
    ],
    ['6 of 130 hours: one decimal already fails', (6 * 100) / 130, atLeast(5), '4.6%'],
    ['exactly the minimum meets it', 5, atLeast(5), '5.0%'],
    ['just above a minimum rounds down onto it, still met', 5.04, atLeast(5), '5.0%'],
    ['just below a minimum needs three decimals', 4.9962, atLeast(5), '4.996%'],
    ['concentrated 7.5% minimum, failed by 7.46', 7.46, atLeast(7.5), '7.46%'],
    ['a maximum passed by 40.04 shows it', 40.04, atMost(40), '40.04%'],
    ['a maximum met at 39.96 rounds up onto it, still met', 39.96, atMost(40), '40.0%'],
    ['far from the limit: one decimal', 33.333, atLeast(60), '33.3%'],
    ['60% unrestricted failed by 59.98', 59.98, atLeast(60), '59.98%'],
  ];
  it.each(cases)('%s', (_name, percent, limit, expected) => {
    expect(formatPercentBesideLimit(percent, limit)).toBe(expected);
  });
});

describe('formatHoursBesideLimit', () => {
  const cases: [string, number, Limit, string][] = [
    ['19.9 hours fail a 20-hour minimum (not "20")', 1194 / 60, atLeast(20), '19.9'],
    ['1199 minutes fail it too', 1199 / 60, atLeast(20), '19.98'],
    ['20.1 hours meet it, shown to the quarter', 1206 / 60, atLeast(20), '20'],
    ['130.02 hours pass a 130-hour maximum', 7801 / 60, atMost(130), '130.02'],
    ['far from the limit: to the quarter', 84.5, atMost(130), '84.5'],
  ];
  it.each(cases)('%s', (_name, hours, limit, expected) => {
    expect(formatHoursBesideLimit(hours, limit)).toBe(expected);
  });
});

describe('figureBesideLimit', () => {
  it('cuts a figure away from the limit when no rounding keeps the comparison', () => {
    expect(figureBesideLimit(4.9999999999, atLeast(5), 1)).toBe('4.99999999');
    expect(figureBesideLimit(130.0000000001, atMost(130), 2)).toBe('130.00000001');
  });
});
