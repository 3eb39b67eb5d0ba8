import { rulesFor, type FieldworkRules, type RuleSet } from '../logs/rule-sets';
import { addMonths, monthOf } from '../logs/time';
import { windowEnd, WINDOW_MONTHS } from '../progress/five-year-window';
import type { HoursSoFar } from '../progress/hours-so-far';
import { CONCENTRATED_MULTIPLIER, isGoalMet } from '../progress/progress';
import type { ExperienceTypeId } from '../reference/lookups';
import { buildPlanMonths, monthsBetween } from './plan-months';
import {
  capacityOf,
  currentMonthRoom,
  daysLeftInMonth,
  spreadEvenly,
  type MonthRoom,
} from './plan-spread';
import {
  planWindow,
  readThroughWindow,
  type PlanExpiringMonth,
  type PlanWindow,
} from './plan-window';

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
  /** Outside today's five-year window: the month counts nothing toward the total. */
  isOutsideWindow?: boolean;
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
  /** The five-year window's last month from the current month: every planned hour within it. */
  latestMonth: string;
  /** The last month in which every hour counted so far still counts (plan-window.ts). */
  keepsAllUntil: string;
  boundedBy: 'monthly-maximum' | 'time-limit' | null;
  /** True when the 60% unrestricted rule needs more hours than the goal does. */
  isRaisedByUnrestricted: boolean;
  /** Minutes that count so far, and that are still to log (of the plan's type). */
  countedMinutes: number;
  /** Of the hours still to log, those earned again for months that fall out before the end. */
  neededMinutes: number;
  /** Today's months that fall outside the five-year window before the plan's last month. */
  expiring: PlanExpiringMonth[];
  /** The most planned in one month from now on, and the month's maximum. */
  peakMonthMinutes: number;
  maxMonthMinutes: number;
  /** Days left in the current month, today included: it is planned for those days only. */
  daysLeftThisMonth: number;
  /** The record as every screen reads it (src/shared/progress/hours-so-far.ts). */
  soFar: HoursSoFar;
  /** Today's five-year window, the dashboard's. */
  window: { from: string; to: string };
  months: PlanMonth[];
};

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
  if (
    isGoalMet({ supervisedMinutes: counted.supervised, concentratedMinutes: counted.concentrated })
  )
    return 0;
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

/** A plan for one type before its months are written out: `extra` is still to log. */
export type TypePlan = {
  type: ExperienceTypeId;
  rules: FieldworkRules;
  plan: Omit<Plan, 'months' | 'soFar' | 'window'>;
  extra: number[];
};

function planForType(input: PlanInput, type: ExperienceTypeId, record: PlanWindow): TypePlan {
  const currentMonth = monthOf(input.today);
  const targetMonth = monthOf(input.targetDate);
  const rules = rulesFor(input.ruleSet, type);
  const max = rules.maxMonthlyHours * 60;
  const min = rules.minMonthlyHours * 60;
  const upToNow = input.history.filter((row) => row.month <= currentMonth);
  const loggedNow = sumOf(
    upToNow.filter((row) => row.month === currentMonth && row.experienceTypeId === type),
    (row) => row.rawMinutes,
  );
  // What a plan ending in `end` still needs: the hours that fall out before it are earned again.
  const neededBy = (end: string) => {
    const goalLeft = goalMinutesLeft(input.ruleSet, type, record.countedAt(end));
    const shareLeft =
      goalLeft === 0
        ? 0
        : unrestrictedMinutesLeft(rules.minUnrestrictedPercent, {
            totalMinutes: sumOf(upToNow, (row) => row.rawMinutes) + goalLeft,
            unrestrictedMinutes: sumOf(upToNow, (row) => row.unrestrictedMinutes) + goalLeft,
          });
    return { needed: goalLeft + shareLeft, shareLeft };
  };
  // Hours planned from now on must share one window: the one starting this month at the latest.
  const latestMonth = windowEnd(currentMonth);
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
  for (let count = 1, capacity = 0; count <= WINDOW_MONTHS; count += 1) {
    capacity += capacityOf([roomOf(count - 1)]);
    const month = addMonths(currentMonth, count - 1);
    if (capacity >= neededBy(month).needed) {
      earliestMonth = month;
      break;
    }
  }
  let status: PlanStatus;
  let endMonth: string;
  if (neededBy(currentMonth).needed === 0) [status, endMonth] = ['done', currentMonth];
  else if (earliestMonth === null) [status, endMonth] = ['unreachable', latestMonth];
  else if (targetMonth > latestMonth) [status, endMonth] = ['beyond-time-limit', latestMonth];
  else if (earliestMonth > targetMonth) [status, endMonth] = ['too-soon', earliestMonth];
  else [status, endMonth] = ['reachable', targetMonth];

  // A spread that finishes before its last month (its minimums) ends there: fewer hours fall out.
  let { needed, shareLeft } = neededBy(endMonth);
  let extra = needed === 0 ? [] : spreadEvenly(needed, roomsUpTo(endMonth));
  for (let last = extra.findLastIndex((minutes) => minutes > 0); last >= 0;) {
    if (last === extra.length - 1 || status === 'unreachable') break;
    endMonth = addMonths(currentMonth, last);
    ({ needed, shareLeft } = neededBy(endMonth));
    extra = spreadEvenly(needed, roomsUpTo(endMonth));
    last = extra.findLastIndex((minutes) => minutes > 0);
  }
  const lastPlanned = extra.findLastIndex((minutes) => minutes > 0);
  const counted = record.countedAt(currentMonth);
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
      keepsAllUntil: record.keepsAllUntil,
      boundedBy:
        status === 'too-soon'
          ? 'monthly-maximum'
          : status === 'unreachable' || status === 'beyond-time-limit'
            ? 'time-limit'
            : null,
      isRaisedByUnrestricted: shareLeft > 0,
      countedMinutes: counted.supervised + counted.concentrated,
      neededMinutes: needed,
      expiring: status === 'done' ? [] : record.expiringBy(endMonth),
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
function chooseTypePlan(input: PlanInput, record: PlanWindow): TypePlan {
  const types: ExperienceTypeId[] = input.types.length > 0 ? [...new Set(input.types)].sort() : [1];
  const plans = types.map((type) => planForType(input, type, record));
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
 * the five-year window and the 60% unrestricted rule (BACB-RULES "Rule sets"), with supervision to
 * book. Months outside today's window count nothing (decision 032), as on the dashboard.
 */
export function planToFinish(input: PlanInput): Plan {
  const record = planWindow(input);
  const chosen = chooseTypePlan(input, record);
  const { history, soFar } = readThroughWindow(input, record.window);
  return {
    ...chosen.plan,
    soFar,
    window: { from: record.window.from, to: record.window.to },
    months: buildPlanMonths({ ...input, history }, chosen),
  };
}
