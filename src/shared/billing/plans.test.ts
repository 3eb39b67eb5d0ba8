import { describe, expect, it } from 'vitest';
import {
  isSelectablePlan,
  isTrialOffered,
  periodEnd,
  PLAN_IDS,
  sortPlansForPicker,
  yearlySavingCents,
  type PlanPeriod,
  type RecurringPeriod,
} from './plans';
import { MAX_RENEWAL_ATTEMPTS, nextRenewalAttempt } from './renewal';

describe('plan selection (SPEC §2, §5, §9)', () => {
  it.each<[string, number, boolean]>([
    ['Trial (3) is never selectable', PLAN_IDS.trial, false],
    ['Monthly (12)', PLAN_IDS.monthly, true],
    ['Yearly (13)', PLAN_IDS.yearly, true],
    ['Lifetime (14)', PLAN_IDS.lifetime, true],
    ['nothing selected (0)', 0, false],
    ['an unknown id', 15, false],
  ])('%s', (_case, id, selectable) => {
    expect(isSelectablePlan(id)).toBe(selectable);
  });

  it.each<[number, boolean, boolean]>([
    [PLAN_IDS.monthly, true, true],
    [PLAN_IDS.yearly, true, true],
    [PLAN_IDS.lifetime, true, false],
    [PLAN_IDS.trial, true, false],
    [PLAN_IDS.monthly, false, false],
    [PLAN_IDS.yearly, false, false],
  ])('trial checkbox for plan %i with the trial available=%s: %s', (id, available, shown) => {
    expect(isTrialOffered(id, available)).toBe(shown);
  });
});

describe('yearlySavingCents: 12 × monthly − yearly', () => {
  it.each<[number, number, number]>([
    [1499, 14900, 3088],
    [1000, 12000, 0],
    [1000, 13000, -1000],
  ])('monthly %i, yearly %i saves %i', (monthly, yearly, saving) => {
    expect(yearlySavingCents(monthly, yearly)).toBe(saving);
  });
});

describe('periodEnd', () => {
  it.each<[string, string, RecurringPeriod, string]>([
    ['a month, same day and time', '2026-03-15T09:30:00.000Z', 'month', '2026-04-15T09:30:00.000Z'],
    [
      '31 January becomes the last day of February',
      '2026-01-31T12:00:00.000Z',
      'month',
      '2026-02-28T12:00:00.000Z',
    ],
    [
      'in a leap year, 29 February',
      '2028-01-31T12:00:00.000Z',
      'month',
      '2028-02-29T12:00:00.000Z',
    ],
    [
      'December rolls into January',
      '2026-12-20T00:00:00.000Z',
      'month',
      '2027-01-20T00:00:00.000Z',
    ],
    ['a year', '2026-03-15T09:30:00.000Z', 'year', '2027-03-15T09:30:00.000Z'],
    [
      'a year from 29 February ends on 28 February',
      '2028-02-29T08:00:00.000Z',
      'year',
      '2029-02-28T08:00:00.000Z',
    ],
  ])('%s', (_case, start, period, end) => {
    expect(periodEnd(new Date(start), period).toISOString()).toBe(end);
  });
});

describe('sortPlansForPicker', () => {
  it('shows lifetime, then year, then month', () => {
    const plans: { id: number; period: PlanPeriod }[] = [
      { id: 12, period: 'month' },
      { id: 14, period: 'life_time' },
      { id: 13, period: 'year' },
    ];
    expect(sortPlansForPicker(plans).map((plan) => plan.id)).toEqual([14, 13, 12]);
  });
});

describe('nextRenewalAttempt', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('retries a day later until the attempts are used up', () => {
    expect(nextRenewalAttempt(1, now)?.toISOString()).toBe('2026-05-02T00:00:00.000Z');
    expect(nextRenewalAttempt(MAX_RENEWAL_ATTEMPTS - 1, now)?.toISOString()).toBe(
      '2026-05-02T00:00:00.000Z',
    );
    expect(nextRenewalAttempt(MAX_RENEWAL_ATTEMPTS, now)).toBeNull();
  });
});
