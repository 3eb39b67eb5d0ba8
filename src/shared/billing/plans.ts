/**
 * The subscription plans as the contract's client knows them (SPEC §2, §9): fixed ids, a period
 * each. Prices are configuration (docs/decisions/010-billing.md), so they are not here.
 */
export const PLAN_IDS = { trial: 3, monthly: 12, yearly: 13, lifetime: 14 } as const;
export type PlanId = (typeof PLAN_IDS)[keyof typeof PLAN_IDS];

export const PLAN_PERIODS = ['month', 'year', 'life_time'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
/** The periods that renew. */
export type RecurringPeriod = Exclude<PlanPeriod, 'life_time'>;

/** SPEC §5 "Plan change": nothing selected, or the hidden Trial plan. */
export const SELECT_PLAN_MESSAGE = 'Please select a subscription plan';

const SELECTABLE: readonly number[] = [PLAN_IDS.monthly, PLAN_IDS.yearly, PLAN_IDS.lifetime];
const WITH_TRIAL: readonly number[] = [PLAN_IDS.monthly, PLAN_IDS.yearly];

/** A plan a trainee can pick: Monthly, Yearly or Lifetime; never the Trial plan (id 3). */
export function isSelectablePlan(planId: number): boolean {
  return SELECTABLE.includes(planId);
}

/**
 * Whether the 'Start the 7 day free trial' checkbox shows for a plan (SPEC §2, §9): only for
 * Monthly and Yearly, and only while the trainee's trial is still available.
 */
export function isTrialOffered(planId: number, trialAvailable: boolean): boolean {
  return trialAvailable && WITH_TRIAL.includes(planId);
}

/** SPEC §9: the yearly card's saving, twelve months minus a year; negative when yearly costs more. */
export function yearlySavingCents(monthlyCents: number, yearlyCents: number): number {
  return 12 * monthlyCents - yearlyCents;
}

/**
 * The end of a period that starts at `start`: the same day and time one month or one year later
 * (UTC). A day the month lacks becomes its last day (31 January → 28 or 29 February), as card
 * processors do.
 */
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
