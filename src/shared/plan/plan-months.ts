import { addMonths, monthOf } from '../logs/time';
import { rulesFor } from '../logs/rule-sets';
import type { PlanHistoryMonth, PlanInput, PlanMonth, ToSchedule, TypePlan } from './plan';
import { PLAN_STEP_MINUTES } from './plan-spread';

/** Months from `from` to `to`, both included (0 when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return Math.max(0, index(to) - index(from) + 1);
}

/** A record month as it counts now: past ones adjusted, the current one as logged, up to the max. */
export function countsNow(row: PlanHistoryMonth, input: PlanInput): number {
  if (row.isOutsideWindow) return 0;
  return row.month === monthOf(input.today)
    ? Math.min(row.rawMinutes, rulesFor(input.ruleSet, row.experienceTypeId).maxMonthlyHours * 60)
    : row.countedMinutes;
}

const roundUpToStep = (minutes: number) =>
  Math.max(0, Math.ceil(minutes / PLAN_STEP_MINUTES) * PLAN_STEP_MINUTES);

const sumOf = (rows: readonly PlanHistoryMonth[], pick: (row: PlanHistoryMonth) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);

/**
 * What a month of `total` planned minutes still needs to count (BACB-RULES "Rule sets"), less what
 * its logs hold: supervision (rounded up to a quarter hour), individual, contacts, observation.
 */
function toScheduleOf(
  plan: TypePlan,
  total: number,
  done: PlanHistoryMonth | undefined,
): ToSchedule {
  const { rules } = plan;
  const supervision = roundUpToStep((total * rules.minSupervisionPercent) / 100);
  const individual = roundUpToStep((supervision * rules.minIndividualPercent) / 100);
  const observation = rules.observation;
  return {
    supervisionMinutes: roundUpToStep(supervision - (done?.supervisedMinutes ?? 0)),
    individualMinutes: roundUpToStep(individual - (done?.individualMinutes ?? 0)),
    contacts:
      rules.minContacts === null ? null : Math.max(0, rules.minContacts - (done?.contacts ?? 0)),
    observation:
      observation.kind === 'count'
        ? { unit: 'count', amount: Math.max(0, observation.minimum - (done?.observations ?? 0)) }
        : {
            unit: 'minutes',
            amount: Math.max(0, observation.minimum - (done?.observationMinutes ?? 0)),
          },
  };
}

/**
 * The plan's rows, from the record's first month to the plan's last: actual hours where begun,
 * planned from the current month on, both added up (the chart's two lines meet the month before);
 * the planned line drops the hours of a month once it falls outside the five-year window.
 */
export function buildPlanMonths(input: PlanInput, plan: TypePlan): PlanMonth[] {
  const currentMonth = monthOf(input.today);
  const history = input.history.filter((row) => row.month <= currentMonth);
  const firstMonth = history.reduce(
    (first, row) => (row.month < first ? row.month : first),
    currentMonth,
  );
  const lastMonth = addMonths(currentMonth, Math.max(0, plan.extra.length - 1));
  const { rules } = plan;
  const max = rules.maxMonthlyHours * 60;
  let allMinutes = sumOf(history, (row) => row.rawMinutes);
  let unrestricted = sumOf(history, (row) => row.unrestrictedMinutes);
  let cumulativeActual = 0;
  let cumulativePlanned = 0;
  const rows: PlanMonth[] = [];
  for (let index = 0; index < monthsBetween(firstMonth, lastMonth); index += 1) {
    const month = addMonths(firstMonth, index);
    const kind = month < currentMonth ? 'past' : month === currentMonth ? 'current' : 'future';
    const ofMonth = history.filter((row) => row.month === month);
    const ofType = ofMonth.find((row) => row.experienceTypeId === plan.type);
    const begun = {
      loggedMinutes: sumOf(ofMonth, (row) => row.rawMinutes),
      countedMinutes: sumOf(ofMonth, (row) => row.countedMinutes),
      reasons: ofMonth.flatMap((row) => row.reasons),
    };
    if (kind === 'past') {
      const actual = sumOf(ofMonth, (row) => countsNow(row, input));
      cumulativeActual += actual;
      cumulativePlanned += actual;
      rows.push({
        month,
        kind,
        actualMinutes: actual,
        ...begun,
        plannedMinutes: null,
        toLogMinutes: null,
        unrestrictedMinutes: null,
        cumulativeActualMinutes: cumulativeActual,
        cumulativePlannedMinutes: null,
        toSchedule: null,
      });
      continue;
    }
    const toLog = plan.extra[monthsBetween(currentMonth, month) - 1] ?? 0;
    // At least enough unrestricted for the cumulative share at the month's end, all of it if short.
    const unrestrictedShort = Math.ceil(
      (rules.minUnrestrictedPercent * (allMinutes + toLog)) / 100 - unrestricted,
    );
    const unrestrictedToLog = Math.min(toLog, Math.max(0, unrestrictedShort));
    allMinutes += toLog;
    unrestricted += unrestrictedToLog;
    const actual = kind === 'current' ? sumOf(ofMonth, (row) => countsNow(row, input)) : null;
    const planned = (actual ?? 0) + toLog;
    const typeTotal = (kind === 'current' ? Math.min(ofType?.rawMinutes ?? 0, max) : 0) + toLog;
    if (actual !== null) cumulativeActual += actual;
    cumulativePlanned += planned;
    const expired = plan.plan.expiring
      .filter((leaving) => leaving.on <= `${month}-01`)
      .reduce((sum, leaving) => sum + leaving.minutes, 0);
    rows.push({
      month,
      kind,
      actualMinutes: actual,
      ...(kind === 'current' ? begun : { loggedMinutes: null, countedMinutes: null, reasons: [] }),
      plannedMinutes: planned,
      toLogMinutes: toLog,
      unrestrictedMinutes: unrestrictedToLog,
      cumulativeActualMinutes: actual === null ? null : cumulativeActual,
      cumulativePlannedMinutes: cumulativePlanned - expired,
      // Under the minimum a month counts nothing: nothing to schedule in it.
      toSchedule:
        typeTotal > 0 && typeTotal >= rules.minMonthlyHours * 60
          ? toScheduleOf(plan, typeTotal, kind === 'current' ? ofType : undefined)
          : null,
    });
  }
  return rows;
}
