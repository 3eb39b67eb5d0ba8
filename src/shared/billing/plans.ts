// The plans as the contract's client knows them (SPEC §2, §9). Prices are configuration
// (docs/decisions/010-billing.md), so they are not here.
export const PLAN_IDS = { trial: 3, monthly: 12, yearly: 13, lifetime: 14 } as const;

export const PLAN_PERIODS = ['month', 'year', 'life_time'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export type RecurringPeriod = Exclude<PlanPeriod, 'life_time'>;

/** SPEC §5 "Plan change": nothing selected, or the hidden Trial plan. */
export const SELECT_PLAN_MESSAGE = 'Please select a subscription plan';

const SELECTABLE: readonly number[] = [PLAN_IDS.monthly, PLAN_IDS.yearly, PLAN_IDS.lifetime];
const WITH_TRIAL: readonly number[] = [PLAN_IDS.monthly, PLAN_IDS.yearly];

/** A plan a trainee can pick: Monthly, Yearly or Lifetime; never the Trial plan (id 3). */
export function isSelectablePlan(planId: number): boolean {
  return SELECTABLE.includes(planId);
}

/** SPEC §2, §9: the trial checkbox shows for Monthly and Yearly while the trial is available. */
export function isTrialOffered(planId: number, trialAvailable: boolean): boolean {
  return trialAvailable && WITH_TRIAL.includes(planId);
}

/** SPEC §9: the yearly card's saving, twelve months minus a year; negative when yearly costs more. */
export function yearlySavingCents(monthlyCents: number, yearlyCents: number): number {
  return 12 * monthlyCents - yearlyCents;
}

/** Same day and time one period later (UTC); a missing day is the month's last, as processors do. */
export function periodEnd(start: Date, period: RecurringPeriod): Date {
  const months = period === 'month' ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** The plans in the order the pickers show them (SPEC §2): lifetime, then year, then month. */
export function sortPlansForPicker<T extends { period: PlanPeriod }>(plans: T[]): T[] {
  const rank: Record<PlanPeriod, number> = { life_time: 0, year: 1, month: 2 };
  return [...plans].sort((a, b) => rank[a.period] - rank[b.period]);
}
