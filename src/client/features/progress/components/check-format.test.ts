import { describe, expect, it } from 'vitest';
import {
  formatActual,
  formatCheckAmount,
  formatRequired,
  type MonthlyCheckWire,
} from './check-format';

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

describe('formatActual', () => {
  const supervision = { key: 'supervision-percent', unit: 'percent', required: 5 } as const;
  const cases: [string, Partial<MonthlyCheckWire>, string][] = [
    [
      '6 supervised hours of 121 beside ≥ 5%: 4.96%, not 5.0%',
      { ...supervision, actual: (6 * 100) / 121, status: 'fail' },
      '4.96%',
    ],
    [
      '6 supervised hours of 130: one decimal suffices',
      { ...supervision, actual: (6 * 100) / 130, status: 'fail' },
      '4.6%',
    ],
    ['a met minimum may round onto it', { ...supervision, actual: 5.04, status: 'pass' }, '5.0%'],
    [
      '1199 minutes beside ≥ 20 h: 19.98 h, not 20 h',
      { key: 'total-min', unit: 'hours', required: 20, actual: 1199 / 60, status: 'fail' },
      '19.98 h',
    ],
    [
      '130.08 hours beside ≤ 130 h',
      { key: 'total-max', unit: 'hours', required: 130, actual: 7805 / 60, status: 'fail' },
      '130.08 h',
    ],
    [
      'hours far from the limit, to the quarter',
      { key: 'total-max', unit: 'hours', required: 130, actual: 84.4, status: 'pass' },
      '84.5 h',
    ],
    [
      '59.6 observation minutes beside ≥ 60 min',
      { key: 'observation', unit: 'minutes', required: 60, actual: 59.6, status: 'fail' },
      '59.6 min',
    ],
    [
      'no limit: rounded as usual',
      { key: 'contacts', unit: 'count', required: null, actual: 3, status: 'info' },
      '3',
    ],
  ];
  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(formatActual(check(overrides))).toBe(expected);
  });
});
