import { describe, expect, it } from 'vitest';
import { daysLeftText, formatFormHours, rowTitle, stateBadge } from './month-form-status';

describe('month form status texts', () => {
  it.each([
    [12, '12 days left'],
    [1, '1 day left'],
    [0, 'Due today'],
    [-1, '1 day overdue'],
    [-5, '5 days overdue'],
  ])('says %i days remaining as %j', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
  });

  it.each([
    ['signed', 'Signed'],
    ['signed-late', 'Signed late'],
    ['open', 'Open'],
    ['overdue', 'Overdue'],
  ] as const)('labels the %s state %j', (state, label) => {
    expect(stateBadge(state).label).toBe(label);
  });

  it('shows hours to two places at most', () => {
    expect(formatFormHours(12.5)).toBe('12.5');
    expect(formatFormHours(1 / 3)).toBe('0.33');
  });

  it('names a row by month, supervisor (or organization) and fieldwork type', () => {
    const row = { month: '2026-03', supervisor_name: 'Dana', expereince_type: 2 };
    expect(rowTitle({ ...row, organization: '' })).toBe(
      'March 2026 · Dana · Concentrated supervised fieldwork',
    );
    expect(rowTitle({ ...row, organization: 'Acme ABA' })).toBe(
      'March 2026 · Acme ABA (Dana signs) · Concentrated supervised fieldwork',
    );
  });
});
