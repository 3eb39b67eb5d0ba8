import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatDuration,
  formatMonthYear,
  formatHours,
  formatPercent,
  formatTime,
  formatUsDate,
  hoursToMinutes,
  isValidDate,
  isValidMonth,
  isValidTime,
  minutesToHours,
  monthEnd,
  monthOf,
  monthStart,
  parseTime,
  roundPercent,
  roundToQuarterHour,
} from './time';

describe('parseTime', () => {
  it.each([
    ['00:00', 0],
    ['09:00', 540],
    ['09:30', 570],
    ['23:59', 1439],
    ['13:05:00', 785],
    ['07:45:59', 465],
  ])('reads %s as minute %i of the day', (value, expected) => {
    expect(parseTime(value)).toBe(expected);
    expect(isValidTime(value)).toBe(true);
  });

  it.each(['', '9:00', '24:00', '12:60', '12:5', 'noon', '12:00 PM', '12-00', ' 12:00'])(
    'rejects %j',
    (value) => {
      expect(parseTime(value)).toBeNull();
      expect(isValidTime(value)).toBe(false);
    },
  );
});

describe('formatTime', () => {
  it.each([
    [0, '00:00'],
    [540, '09:00'],
    [785, '13:05'],
    [1439, '23:59'],
  ])('writes minute %i as %s', (minutes, expected) => {
    expect(formatTime(minutes)).toBe(expected);
  });
});

describe('hours and minutes', () => {
  it.each([
    [0, 0],
    [60, 1],
    [90, 1.5],
    [80, 1.33],
    [100, 1.67],
    [1, 0.02],
  ])('shows %i minutes as %f hours', (minutes, hours) => {
    expect(minutesToHours(minutes)).toBe(hours);
  });

  it.each([
    [1.5, 90],
    [1.33, 80],
    [1.3333, 80],
    [0.25, 15],
    [2.01, 121],
    [0, 0],
  ])('stores %f hours as %i whole minutes', (hours, minutes) => {
    expect(hoursToMinutes(hours)).toBe(minutes);
  });

  it('gives the same minutes back after a trip through decimal hours', () => {
    for (let minutes = 0; minutes <= 24 * 60; minutes += 1) {
      expect(hoursToMinutes(minutesToHours(minutes))).toBe(minutes);
    }
  });

  it.each([
    [1.1, 1],
    [1.125, 1.25],
    [1.37, 1.25],
    [1.38, 1.5],
    [84.5, 84.5],
    [0.12, 0],
  ])('rounds %f hours to the nearest quarter: %f', (hours, expected) => {
    expect(roundToQuarterHour(hours)).toBe(expected);
  });

  it.each([
    [5070, '84.5'],
    [1200, '20'],
    [80, '1.25'],
    [0, '0'],
  ])('formats %i minutes as %s hours', (minutes, expected) => {
    expect(formatHours(minutes)).toBe(expected);
  });
});

describe('percentages', () => {
  it.each([
    [4.96, 5, '5.0%'],
    [4.94, 4.9, '4.9%'],
    [62.45, 62.5, '62.5%'],
    [100, 100, '100.0%'],
    [0, 0, '0.0%'],
  ])('shows %f as %f (%s)', (percent, rounded, text) => {
    expect(roundPercent(percent)).toBe(rounded);
    expect(formatPercent(percent)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 hours and 0 minutes'],
    [45, '0 hours and 45 minutes'],
    [60, '1 hours and 0 minutes'],
    [90, '1 hours and 30 minutes'],
    [125, '2 hours and 5 minutes'],
  ])('writes %i minutes as %j', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });
});

describe('dates', () => {
  it.each(['2026-03-05', '2024-02-29', '1000-01-01', '2026-12-31'])('accepts %s', (date) => {
    expect(isValidDate(date)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-04-31',
    '0999-12-31',
    '2026-3-5',
    '03/05/2026',
    '',
    '2026-03-05T00:00:00Z',
  ])('rejects %j', (date) => {
    expect(isValidDate(date)).toBe(false);
  });

  it.each([
    ['2026-03', true],
    ['2026-12', true],
    ['2026-13', false],
    ['2026-00', false],
    ['0999-01', false],
    ['2026-3', false],
  ])('month %s valid: %s', (month, expected) => {
    expect(isValidMonth(month)).toBe(expected);
  });

  it('names the month a date falls in', () => {
    expect(monthOf('2026-03-05')).toBe('2026-03');
  });

  it.each([
    ['2026-03-05', 1, '2026-03-06'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-29', 7, '2026-04-05'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11', 3, '2027-02'],
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-03', -15, '2024-12'],
    ['2026-03', 0, '2026-03'],
  ])('%s plus %i months is %s', (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });

  it.each([
    ['2026-03-05', '3/5/2026'],
    ['2026-12-31', '12/31/2026'],
    ['2026-10-01', '10/1/2026'],
  ])('writes %s as %s', (date, expected) => {
    expect(formatUsDate(date)).toBe(expected);
  });

  it.each([
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2024-02-10', '2024-02-01', '2024-02-29'],
    ['2026-04', '2026-04-01', '2026-04-30'],
    ['2026-12-25', '2026-12-01', '2026-12-31'],
  ])('month of %s runs from %s to %s', (value, start, end) => {
    expect(monthStart(value)).toBe(start);
    expect(monthEnd(value)).toBe(end);
  });
});

describe('formatMonthYear', () => {
  it.each([
    ['2026-03', 'March 2026'],
    ['2025-12', 'December 2025'],
    ['2024-01', 'January 2024'],
  ])('shows %s as %s', (month, expected) => {
    expect(formatMonthYear(month)).toBe(expected);
  });
});
