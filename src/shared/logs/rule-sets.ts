import type { ExperienceTypeId } from '../reference/lookups';

/** BACB-RULES.md "Rule sets": the set follows the planned application date, not the hours' date. */
export const RULE_SET_IDS = ['2022', '2027'] as const;

export type RuleSetId = (typeof RULE_SET_IDS)[number];

/** Applications from this date on are judged by the 2027 standards. */
export const RULES_2027_FROM = '2027-01-01';

/** How a month's observation with a client is measured. */
export type ObservationRule =
  { kind: 'count'; minimum: number } | { kind: 'minutes'; minimum: number };

export type FieldworkRules = {
  /** Hours needed for certification with only this type. */
  hoursGoal: number;
  minMonthlyHours: number;
  maxMonthlyHours: number;
  /** Supervised hours as a percentage of the month's total hours. */
  minSupervisionPercent: number;
  /** Supervision contacts per month; null where the standards list no minimum. */
  minContacts: number | null;
  observation: ObservationRule;
  /** Individual supervision as a percentage of supervised hours (group may not exceed it). */
  minIndividualPercent: number;
  /** Unrestricted hours as a percentage of all fieldwork hours, cumulative. */
  minUnrestrictedPercent: number;
};

export type RuleSet = {
  id: RuleSetId;
  label: string;
  /** Trainees in a supervision group, inclusive. */
  minGroupSize: number;
  maxGroupSize: number;
  /** All fieldwork must fall within this many continuous years. */
  timeLimitYears: number;
  byType: Readonly<Record<ExperienceTypeId, FieldworkRules>>;
};

const COMMON = {
  minIndividualPercent: 50,
  minUnrestrictedPercent: 60,
  minMonthlyHours: 20,
} as const;

// SPEC §9 measures unrestricted hours against the 2,000-hour goal; BACB-RULES against all hours
// logged so far, and BACB-RULES wins.
export const RULE_SETS: Readonly<Record<RuleSetId, RuleSet>> = {
  '2022': {
    id: '2022',
    label: '2022 standards',
    minGroupSize: 2,
    maxGroupSize: 10,
    timeLimitYears: 5,
    byType: {
      1: {
        ...COMMON,
        hoursGoal: 2000,
        maxMonthlyHours: 130,
        minSupervisionPercent: 5,
        minContacts: 4,
        observation: { kind: 'count', minimum: 1 },
      },
      2: {
        ...COMMON,
        hoursGoal: 1500,
        maxMonthlyHours: 130,
        minSupervisionPercent: 10,
        minContacts: 6,
        observation: { kind: 'count', minimum: 1 },
      },
    },
  },
  '2027': {
    id: '2027',
    label: '2027 standards',
    minGroupSize: 2,
    maxGroupSize: 10,
    timeLimitYears: 5,
    byType: {
      1: {
        ...COMMON,
        hoursGoal: 2000,
        maxMonthlyHours: 160,
        minSupervisionPercent: 5,
        minContacts: null,
        observation: { kind: 'minutes', minimum: 60 },
      },
      2: {
        ...COMMON,
        hoursGoal: 1500,
        maxMonthlyHours: 160,
        minSupervisionPercent: 7.5,
        minContacts: null,
        observation: { kind: 'minutes', minimum: 90 },
      },
    },
  },
};

/** Planned application date: the plan's finish date, else today (a past one reads as today). */
export function plannedApplicationDate(today: string, finishDate: string | null): string {
  return finishDate !== null && finishDate > today ? finishDate : today;
}

/** The set an application on `date` is judged by: the 2027 standards from 2027-01-01 on. */
export function ruleSetForApplication(date: string): RuleSet {
  return RULE_SETS[date >= RULES_2027_FROM ? '2027' : '2022'];
}

export function rulesFor(ruleSet: RuleSet, type: ExperienceTypeId): FieldworkRules {
  return ruleSet.byType[type];
}

/** A kind of supervision contact (reference data, GET /api/v1/supervision-contact/). */
export type SupervisionContactKind = {
  id: number;
  contact: string;
  /** False for a phone call: it is logged but is not a supervision contact. */
  countsAsContact: boolean;
};

export const SUPERVISION_CONTACTS = [
  { id: 1, contact: 'Individual meeting', countsAsContact: true },
  { id: 2, contact: 'Group meeting', countsAsContact: true },
  { id: 3, contact: 'Observation with a client', countsAsContact: true },
  { id: 4, contact: 'Review of work products', countsAsContact: true },
  { id: 5, contact: 'Phone call (not a contact)', countsAsContact: false },
] as const satisfies readonly SupervisionContactKind[];

/** Whether a log with this contact kind counts as a supervision contact; unknown ids do not. */
export function countsAsContact(supervisionContactId: number | null): boolean {
  const kind = SUPERVISION_CONTACTS.find((item) => item.id === supervisionContactId);
  return kind?.countsAsContact ?? false;
}
