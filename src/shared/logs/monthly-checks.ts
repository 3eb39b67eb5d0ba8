import type { ExperienceTypeId } from '../reference/lookups';
import { rulesFor, countsAsContact, type RuleSet } from './rule-sets';
import { monthEnd, monthOf } from './time';

/**
 * One month's figures for ONE fieldwork type. The cumulative figures cover both types to the
 * month's end, because the 60% unrestricted rule is about all fieldwork hours.
 */
export type MonthTotals = {
  totalMinutes: number;
  supervisedMinutes: number;
  individualMinutes: number;
  groupMinutes: number;
  unrestrictedMinutes: number;
  /** Supervised logs whose contact kind counts (a phone call does not). */
  contacts: number;
  /** Supervised logs with client_observation 'Yes'. */
  observations: number;
  /** The observation minutes of those logs (2027 measures observation in minutes). */
  observationMinutes: number;
  cumulativeTotalMinutes: number;
  cumulativeUnrestrictedMinutes: number;
};

export type CheckKey =
  | 'total-min'
  | 'total-max'
  | 'supervision-percent'
  | 'contacts'
  | 'observation'
  | 'individual-percent'
  | 'unrestricted-percent';

export type CheckUnit = 'hours' | 'percent' | 'count' | 'minutes';

/** 'info': no minimum listed (2027 contacts) or a percentage of nothing; no adjustment acts on it. */
export type CheckStatus = 'pass' | 'fail' | 'info';

/** `actual` is exact (minutes ÷ 60, unrounded %); `required` is null where no minimum is listed. */
export type MonthlyCheck = {
  key: CheckKey;
  label: string;
  required: number | null;
  actual: number;
  unit: CheckUnit;
  status: CheckStatus;
};

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : (part * 100) / whole);
const passIf = (isMet: boolean): CheckStatus => (isMet ? 'pass' : 'fail');

/**
 * The month checks for one type (BACB-RULES "Rule sets"; where SPEC §9 differs, BACB-RULES wins).
 * Boundaries are inclusive (exactly 20 hours, 5%, the maximum pass), compared in whole minutes.
 */
export function checkMonth(
  totals: MonthTotals,
  type: ExperienceTypeId,
  ruleSet: RuleSet,
): MonthlyCheck[] {
  const rules = rulesFor(ruleSet, type);
  const { totalMinutes, supervisedMinutes, individualMinutes } = totals;
  const observation = rules.observation;
  const observed = observation.kind === 'count' ? totals.observations : totals.observationMinutes;

  return [
    {
      key: 'total-min',
      label: 'Total hours (minimum)',
      required: rules.minMonthlyHours,
      actual: totalMinutes / 60,
      unit: 'hours',
      status: passIf(totalMinutes >= rules.minMonthlyHours * 60),
    },
    {
      key: 'total-max',
      label: 'Total hours (maximum)',
      required: rules.maxMonthlyHours,
      actual: totalMinutes / 60,
      unit: 'hours',
      status: passIf(totalMinutes <= rules.maxMonthlyHours * 60),
    },
    {
      key: 'supervision-percent',
      label: 'Supervision (% of total hours)',
      required: rules.minSupervisionPercent,
      actual: percentOf(supervisedMinutes, totalMinutes),
      unit: 'percent',
      status:
        totalMinutes === 0
          ? 'info'
          : passIf(supervisedMinutes * 100 >= rules.minSupervisionPercent * totalMinutes),
    },
    {
      key: 'contacts',
      label: 'Supervision contacts',
      required: rules.minContacts,
      actual: totals.contacts,
      unit: 'count',
      status: rules.minContacts === null ? 'info' : passIf(totals.contacts >= rules.minContacts),
    },
    {
      key: 'observation',
      label:
        observation.kind === 'count' ? 'Observations with a client' : 'Observation with a client',
      required: observation.minimum,
      actual: observed,
      unit: observation.kind === 'count' ? 'count' : 'minutes',
      status: passIf(observed >= observation.minimum),
    },
    {
      key: 'individual-percent',
      label: 'Individual supervision (% of supervised hours)',
      required: rules.minIndividualPercent,
      actual: percentOf(individualMinutes, supervisedMinutes),
      unit: 'percent',
      status:
        supervisedMinutes === 0
          ? 'info'
          : passIf(individualMinutes * 100 >= rules.minIndividualPercent * supervisedMinutes),
    },
    {
      key: 'unrestricted-percent',
      label: 'Unrestricted hours (% of all hours to date)',
      required: rules.minUnrestrictedPercent,
      actual: percentOf(totals.cumulativeUnrestrictedMinutes, totals.cumulativeTotalMinutes),
      unit: 'percent',
      status:
        totals.cumulativeTotalMinutes === 0
          ? 'info'
          : passIf(
              totals.cumulativeUnrestrictedMinutes * 100 >=
                rules.minUnrestrictedPercent * totals.cumulativeTotalMinutes,
            ),
    },
  ];
}

export type MonthLogRow = {
  dateOfExperience: string;
  experienceTypeId: number;
  experienceMinutes: number;
  supervisedMinutes: number;
  unrestrictedMinutes: number;
  individualOrGroup: string;
  clientObservation: string | null;
  /** The observation's own duration; null when there was none. */
  observationMinutes: number | null;
  supervisionContactId: number | null;
};

export const NO_MONTH_FIGURES: Readonly<
  Omit<MonthTotals, 'cumulativeTotalMinutes' | 'cumulativeUnrestrictedMinutes'>
> = {
  totalMinutes: 0,
  supervisedMinutes: 0,
  individualMinutes: 0,
  groupMinutes: 0,
  unrestrictedMinutes: 0,
  contacts: 0,
  observations: 0,
  observationMinutes: 0,
};

/**
 * A month's totals for one type from the logs, so client and server add up alike. The caller
 * picks the logs (statuses, deletions); other months and types count only in the cumulative ones.
 */
export function buildMonthTotals(
  logs: readonly MonthLogRow[],
  { month, experienceTypeId }: { month: string; experienceTypeId: ExperienceTypeId },
): MonthTotals {
  const lastDay = monthEnd(month);
  const totals: MonthTotals = {
    ...NO_MONTH_FIGURES,
    cumulativeTotalMinutes: 0,
    cumulativeUnrestrictedMinutes: 0,
  };
  for (const log of logs) {
    if (log.dateOfExperience > lastDay) continue;
    totals.cumulativeTotalMinutes += log.experienceMinutes;
    totals.cumulativeUnrestrictedMinutes += log.unrestrictedMinutes;
    if (monthOf(log.dateOfExperience) !== month || log.experienceTypeId !== experienceTypeId) {
      continue;
    }
    totals.totalMinutes += log.experienceMinutes;
    totals.unrestrictedMinutes += log.unrestrictedMinutes;
    if (log.individualOrGroup !== 'Individual' && log.individualOrGroup !== 'Group') continue;
    totals.supervisedMinutes += log.supervisedMinutes;
    if (log.individualOrGroup === 'Individual') totals.individualMinutes += log.supervisedMinutes;
    else totals.groupMinutes += log.supervisedMinutes;
    if (countsAsContact(log.supervisionContactId)) totals.contacts += 1;
    if (log.clientObservation === 'Yes') {
      totals.observations += 1;
      totals.observationMinutes += log.observationMinutes ?? 0;
    }
  }
  return totals;
}
