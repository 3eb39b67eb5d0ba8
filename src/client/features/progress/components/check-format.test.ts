import { describe, expect, it } from 'vitest';
import { formatCheckAmount, formatRequired, type MonthlyCheckWire } from './check-format';

const check = (overrides: Partial<MonthlyCheckWire>): MonthlyCheckWire => ({
  key: 'total-min',
  label: 'Total hours (minimum)',
  required: 20,
  actual: 0,
  unit: 'hours',
  status: 'fail',
  ...overrides,
});

describe('formatCheckAmount', () => {
  const cases: [number, MonthlyCheckWire['unit'], string][] = [
    [20.2, 'hours', '20.25 h'],
    [19.1, 'hours', '19 h'],
    [4.96, 'percent', '5.0%'],
    [33.333, 'percent', '33.3%'],
    [4, 'count', '4'],
    [59.6, 'minutes', '60 min'],
  ];
  it.each(cases)('%s %s → %s', (value, unit, expected) => {
    expect(formatCheckAmount(value, unit)).toBe(expected);
  });
});

describe('formatRequired', () => {
  it('shows a minimum, a maximum, or that there is none', () => {
    expect(formatRequired(check({}))).toBe('≥ 20 h');
    expect(formatRequired(check({ key: 'total-max', required: 130 }))).toBe('≤ 130 h');
    expect(
      formatRequired(check({ key: 'supervision-percent', unit: 'percent', required: 7.5 })),
    ).toBe('≥ 7.5%');
    expect(formatRequired(check({ key: 'contacts', unit: 'count', required: null }))).toBe(
      'No minimum',
    );
  });
});
