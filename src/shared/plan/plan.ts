import { rulesFor, type FieldworkRules, type RuleSet } from '../logs/rule-sets';
import { addDays, addMonths, monthOf } from '../logs/time';
import { hoursSoFar, type HoursSoFar } from '../progress/hours-so-far';
import { CONCENTRATED_MULTIPLIER } from '../progress/progress';
import type { ExperienceTypeId } from '../reference/lookups';
import { buildPlanMonths, countsNow, monthsBetween } from './plan-months';
import {
  capacityOf,
  currentMonthRoom,
  daysLeftInMonth,
  spreadEvenly,
  type MonthRoom,
} from './plan-spread';

/**
 * One month and fieldwork type of the record: `countedMinutes` is what the BACB would count
 * (src/shared/progress/adjusted-hours.ts); the rest are the logs' raw sums.
 */
export type PlanHistoryMonth = {
  month: string;
  experienceTypeId: ExperienceTypeId;
  rawMinutes: number;
  countedMinutes: number;
  approvedMinutes: number;
  /** Why hours of the month do not count (the adjusted hours' removals), one sentence each. */
  reasons: string[];
  /** Minutes under forms unsigned after their deadline (form-hours.ts): not counted, not lost. */
  atRiskMinutes?: number;
  unrestrictedMinutes: number;
  supervisedMinutes: number;
  individualMinutes: number;
  contacts: number;
  observations: number;
  observationMinutes: number;
};

export type PlanInput = {
  /** 'YYYY-MM-DD': the plan starts in this month. */
  today: string;
  /** 'YYYY-MM-DD': the trainee means to finish by then (hours of that month count). */
  targetDate: string;
  ruleSet: RuleSet;
  /** The fieldwork types the trainee can do from now on (at least one). */
  types: readonly ExperienceTypeId[];
  history: readonly PlanHistoryMonth[];
  /** The date of the first log, where the time limit starts; null with no logs yet. */
  firstFieldworkDate: string | null;
};

/**
 * `reachable`: by the target month (or before, see `spreadEvenly`); `too-soon`: finishes in
 * `earliestMonth` (monthly maximum); `beyond-time-limit`: by `latestMonth`; `unreachable`: never.
 */
export type PlanStatus = 'done' | 'reachable' | 'too-soon' | 'beyond-time-limit' | 'unreachable';

export type ToSchedule = {
  supervisionMinutes: number;
  individualMinutes: number;
  /** Null where the standards list no minimum (2027). */
  contacts: number | null;
  /** A number of observations (2022) or of minutes (2027). */
  observation: { unit: 'count' | 'minutes'; amount: number };
};

export type PlanMonth = {
  month: string;
  kind: 'past' | 'current' | 'future';
  /** Hours that count, logged so far (the current month: raw, up to the monthly maximum). */
  actualMinutes: number | null;
  /** A month begun: logged (every status) and counted as things stand, with the reasons. */
  loggedMinutes: number | null;
  countedMinutes: number | null;
  reasons: string[];
  /** The month's planned total (the current month: logged so far and still to log). */
  plannedMinutes: number | null;
  /** Of the planned total, still to log; of that, at least this much unrestricted. */
  toLogMinutes: number | null;
  unrestrictedMinutes: number | null;
  cumulativeActualMinutes: number | null;
  cumulativePlannedMinutes: number | null;
  toSchedule: ToSchedule | null;
};

export type Plan = {
  status: PlanStatus;
  experienceTypeId: ExperienceTypeId;
  targetMonth: string;
  /** The month the plan reaches the hours in (null when it never does). */
  finishMonth: string | null;
  /** The earliest month the hours can be reached, at the monthly maximum. */
  earliestMonth: string | null;
  latestMonth: string;
  boundedBy: 'monthly-maximum' | 'time-limit' | null;
  /** True when the 60% unrestricted rule needs more hours than the goal does. */
  isRaisedByUnrestricted: boolean;
  /** Minutes that count so far, and that are still to log (of the plan's type). */
  countedMinutes: number;
  neededMinutes: number;
  /** The most planned in one month from now on, and the month's maximum. */
  peakMonthMinutes: number;
  maxMonthMinutes: number;
  /** Days left in the current month, today included: it is planned for those days only. */
  daysLeftThisMonth: number;
  /** The record as every screen reads it (src/shared/progress/hours-so-far.ts). */
  soFar: HoursSoFar;
  months: PlanMonth[];
};

/** The last month of the time limit: the month of the day before `years` years after `start`. */
export function lastMonthWithin(start: string, years: number): string {
  const anniversary = `${Number(start.slice(0, 4)) + years}${start.slice(4)}`;
  // 29 February's anniversary in a common year is 1 March (Date rolls it over).
  const next = new Date(`${anniversary.slice(0, 8)}01T00:00:00Z`);
  next.setUTCDate(Number(start.slice(8, 10)));
  return monthOf(addDays(next.toISOString().slice(0, 10), -1));
}

const GOAL_SCALE = 100;
const MULTIPLIER_SCALED = Math.round(CONCENTRATED_MULTIPLIER * GOAL_SCALE);

/** Minutes of `type` still needed (BACB-RULES: 2,000 supervised, or 1,500 concentrated ×1.33). */
export function goalMinutesLeft(
  ruleSet: RuleSet,
  type: ExperienceTypeId,
  counted: { supervised: number; concentrated: number },
): number {
  const supervisedGoal = rulesFor(ruleSet, 1).hoursGoal * 60;
  const concentratedGoal = rulesFor(ruleSet, 2).hoursGoal * 60;
  // In hundredths of a minute, so that ×1.33 stays exact.
  const short =
    supervisedGoal * GOAL_SCALE -
    counted.supervised * GOAL_SCALE -
    counted.concentrated * MULTIPLIER_SCALED;
  if (short <= 0 || counted.concentrated >= concentratedGoal) return 0;
  if (type === 1) return Math.ceil(short / GOAL_SCALE);
  return Math.min(Math.ceil(short / MULTIPLIER_SCALED), concentratedGoal - counted.concentrated);
}

/** Minutes more, all unrestricted, for unrestricted hours to be `percent`% of all hours. */
export function unrestrictedMinutesLeft(
  percent: number,
  all: { totalMinutes: number; unrestrictedMinutes: number },
): number {
  const short = percent * all.totalMinutes - 100 * all.unrestrictedMinutes;
  return short <= 0 ? 0 : Math.ceil(short / (100 - percent));
}

const sumOf = (rows: readonly PlanHistoryMonth[], pick: (row: PlanHistoryMonth) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);

function countedSoFar(input: PlanInput, currentMonth: string) {
  const ofType = (type: ExperienceTypeId) =>
    sumOf(
      input.history.filter((row) => row.experienceTypeId === type && row.month <= currentMonth),
      (row) => countsNow(row, input),
    );
  return { supervised: ofType(1), concentrated: ofType(2) };
}

/** A plan for one type before its months are written out: `extra` is still to log. */
export type TypePlan = {
  type: ExperienceTypeId;
  rules: FieldworkRules;
  plan: Omit<Plan, 'months' | 'soFar'>;
  extra: number[];
};

function planForType(input: PlanInput, type: ExperienceTypeId): TypePlan {
  const currentMonth = monthOf(input.today);
  const targetMonth = monthOf(input.targetDate);
  const rules = rulesFor(input.ruleSet, type);
  const max = rules.maxMonthlyHours * 60;
  const min = rules.minMonthlyHours * 60;
  const counted = countedSoFar(input, currentMonth);
  const upToNow = input.history.filter((row) => row.month <= currentMonth);
  const loggedNow = sumOf(
    upToNow.filter((row) => row.month === currentMonth && row.experienceTypeId === type),
    (row) => row.rawMinutes,
  );
  const goalLeft = goalMinutesLeft(input.ruleSet, type, counted);
  const shareLeft =
    goalLeft === 0
      ? 0
      : unrestrictedMinutesLeft(rules.minUnrestrictedPercent, {
          totalMinutes: sumOf(upToNow, (row) => row.rawMinutes) + goalLeft,
          unrestrictedMinutes: sumOf(upToNow, (row) => row.unrestrictedMinutes) + goalLeft,
        });
  const needed = goalLeft + shareLeft;
  const latestMonth = lastMonthWithin(
    input.firstFieldworkDate ?? input.today,
    input.ruleSet.timeLimitYears,
  );
  const currentRoom = currentMonthRoom({
    today: input.today,
    minMinutes: min,
    maxMinutes: max,
    loggedMinutes: loggedNow,
  });
  const roomOf = (index: number): MonthRoom =>
    index === 0 ? currentRoom : { least: min, most: max, isRequired: false };
  const roomsUpTo = (month: string) =>
    Array.from({ length: monthsBetween(currentMonth, month) }, (_unused, index) => roomOf(index));

  let earliestMonth: string | null = null;
  const windowMonths = monthsBetween(currentMonth, latestMonth);
  for (let count = 1, capacity = 0; count <= windowMonths; count += 1) {
    capacity += capacityOf([roomOf(count - 1)]);
    if (capacity >= needed) {
      earliestMonth = addMonths(currentMonth, count - 1);
      break;
    }
  }
  let status: PlanStatus;
  let endMonth: string;
  if (needed === 0) [status, endMonth] = ['done', currentMonth];
  else if (earliestMonth === null) [status, endMonth] = ['unreachable', latestMonth];
  else if (targetMonth > latestMonth) [status, endMonth] = ['beyond-time-limit', latestMonth];
  else if (earliestMonth > targetMonth) [status, endMonth] = ['too-soon', earliestMonth];
  else [status, endMonth] = ['reachable', targetMonth];

  const extra = needed === 0 ? [] : spreadEvenly(needed, roomsUpTo(endMonth));
  const lastPlanned = extra.findLastIndex((minutes) => minutes > 0);
  return {
    type,
    rules,
    extra,
    plan: {
      status,
      experienceTypeId: type,
      targetMonth,
      finishMonth:
        status === 'unreachable' ? null : addMonths(currentMonth, Math.max(0, lastPlanned)),
      earliestMonth,
      latestMonth,
      boundedBy:
        status === 'too-soon'
          ? 'monthly-maximum'
          : status === 'unreachable' || status === 'beyond-time-limit'
            ? 'time-limit'
            : null,
      isRaisedByUnrestricted: shareLeft > 0,
      countedMinutes: counted.supervised + counted.concentrated,
      neededMinutes: needed,
      peakMonthMinutes: Math.max(
        0,
        ...extra.map((minutes, index) => minutes + (index === 0 ? loggedNow : 0)),
      ),
      maxMonthMinutes: max,
      daysLeftThisMonth: daysLeftInMonth(input.today),
    },
  };
}

const STATUS_ORDER: readonly PlanStatus[] = [
  'done',
  'reachable',
  'beyond-time-limit',
  'too-soon',
  'unreachable',
];

/**
 * With both types: supervised where it reaches the target (it needs less supervision), else
 * concentrated (×1.33), else whichever finishes sooner; every month left uses that one type.
 */
function chooseTypePlan(input: PlanInput): TypePlan {
  const types: ExperienceTypeId[] = input.types.length > 0 ? [...new Set(input.types)].sort() : [1];
  const plans = types.map((type) => planForType(input, type));
  const rank = (candidate: TypePlan) => STATUS_ORDER.indexOf(candidate.plan.status);
  return plans.reduce((best, candidate) => {
    if (rank(candidate) !== rank(best)) return rank(candidate) < rank(best) ? candidate : best;
    if (best.plan.status === 'too-soon' && candidate.plan.earliestMonth! < best.plan.earliestMonth!)
      return candidate;
    return best;
  });
}

/**
 * The plan to a finish date (issue 14): each month's hours within the monthly minimum and maximum,
 * the time limit and the 60% unrestricted rule (BACB-RULES "Rule sets"), with supervision to book.
 */
export function planToFinish(input: PlanInput): Plan {
  const chosen = chooseTypePlan(input);
  const currentMonth = monthOf(input.today);
  const soFar = hoursSoFar(input.history.filter((row) => row.month <= currentMonth));
  return { ...chosen.plan, soFar, months: buildPlanMonths(input, chosen) };
}
