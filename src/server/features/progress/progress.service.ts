import { AppError } from '../../../shared/errors';
import { checkMonth, type MonthTotals } from '../../../shared/logs/monthly-checks';
import type { RuleSetId } from '../../../shared/logs/rule-sets';
import { standardsToWire, type StandardsInForce } from '../../../shared/logs/standards-in-force';
import {
  formatMonthYear,
  minutesToHours,
  monthEnd,
  monthOf,
  monthStart,
} from '../../../shared/logs/time';
import type {
  AccruedResponse,
  AccruedTotals,
  Badges,
  Dashboard,
  DashboardMonth,
  DashboardTable,
  DocumentedTask,
  MonthValidation,
} from '../../../shared/progress/accrued.schema';
import { hoursSoFar } from '../../../shared/progress/hours-so-far';
import { heldParts } from '../../../shared/progress/form-hours';
import type { StructureMonth } from '../../../shared/progress/month-validation.schema';
import { structureMonthsOf } from '../../../shared/progress/structure-month';
import {
  badgePercentages,
  CONCENTRATED_MULTIPLIER,
  HOURS_GOAL,
  overallProgress,
} from '../../../shared/progress/progress';
import { EXPERIENCE_TYPES } from '../../../shared/reference/lookups';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { taskItemOf } from '../logs';
import { todayOf, traineeToday, type Zoned } from '../../clock';
import {
  adjustMonthRows,
  type AdjustedMonthRow,
  type CountingRows,
  type MinuteTotals,
  type MonthTypeRow,
} from '../../../shared/progress/month-pipeline';
import { keptProgress, type DashboardFigures } from './progress.kept';
import { standardsFor } from './standards.service';
import * as repo from './progress.repository';
import { fiveYearWindowFields, insideFiveYearWindow } from './progress.window';

const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

function toAccrued(totals: MinuteTotals): AccruedTotals {
  return {
    experience_hours: minutesToHours(totals.experienceMinutes),
    independent_hours: minutesToHours(totals.independentMinutes),
    supervised_hours: minutesToHours(totals.supervisedMinutes),
    unrestricted_hours: minutesToHours(totals.unrestrictedMinutes),
    percent_unrestricted: percentOf(totals.unrestrictedMinutes, totals.experienceMinutes),
    supervision_contacts: totals.contacts,
    percent_supervision: percentOf(totals.supervisedMinutes, totals.experienceMinutes),
  };
}

/** The range defaults to the trainee's current month: no log is dated after their today. */
export async function getAccrued(ctx: {
  db: Db;
  traineeId: number;
  range: { from?: string | undefined; to?: string | undefined };
  now: Date;
  /** Who asks: their own zone counts their own month (see traineeToday). */
  asker: Zoned & { id: number };
}): Promise<AccruedResponse> {
  let { from, to } = ctx.range;
  if (from === undefined || to === undefined) {
    const today = await traineeToday(ctx.db, ctx.traineeId, ctx.now, ctx.asker);
    from ??= monthStart(today);
    to ??= monthEnd(today);
  }
  if (from > to)
    throw AppError.field('from_date', 'The start date must be on or before the end date');
  // The all-time total is kept under the month rows' revision (the query sums them only when
  // that changed); the range is summed every time (at most two months of logs).
  const kept = keptProgress.get(ctx.traineeId, 'totals', '');
  const sums = await repo.sumTotalAndRange(ctx.db, ctx.traineeId, { from, to }, kept?.revision);
  const total = sums.total ?? kept!.value;
  if (sums.total) keptProgress.set(ctx.traineeId, sums.revision, 'totals', '', sums.total);
  return { total: toAccrued(total), weekly: toAccrued(sums.range), from_date: from, to_date: to };
}

/** A month's sums for one type, with the cumulative sums the 60% unrestricted rule needs. */
function toMonthTotals(
  row: MinuteTotals | undefined,
  cumulative: Pick<MinuteTotals, 'experienceMinutes' | 'unrestrictedMinutes'>,
): MonthTotals {
  return {
    totalMinutes: row?.experienceMinutes ?? 0,
    supervisedMinutes: row?.supervisedMinutes ?? 0,
    individualMinutes: row?.individualMinutes ?? 0,
    groupMinutes: row?.groupMinutes ?? 0,
    unrestrictedMinutes: row?.unrestrictedMinutes ?? 0,
    contacts: row?.contacts ?? 0,
    observations: row?.observations ?? 0,
    observationMinutes: row?.observationMinutes ?? 0,
    cumulativeTotalMinutes: cumulative.experienceMinutes,
    cumulativeUnrestrictedMinutes: cumulative.unrestrictedMinutes,
  };
}

/** Supervised when no type is logged; `validate` and the at-risk list both start here. */
export async function monthTotalsByType(ctx: {
  db: Db;
  traineeId: number;
  month: string;
  choice: string | null | undefined;
  today: string;
}) {
  const { byType, cumulative } = await repo.sumMonthWithCumulative(
    ctx.db,
    ctx.traineeId,
    ctx.month,
  );
  const standards = await standardsFor(ctx.db, ctx.traineeId, ctx.choice, ctx.today);
  const { ruleSet } = standards;
  const types = EXPERIENCE_TYPES.filter(
    (type) =>
      byType.some((row) => row.experienceTypeId === type.id) ||
      (type.id === 1 && byType.length === 0),
  );
  return {
    ruleSet,
    standards,
    types: types.map((type) => ({
      type,
      totals: toMonthTotals(
        byType.find((candidate) => candidate.experienceTypeId === type.id),
        cumulative,
      ),
    })),
  };
}

/** `ruleSet` is the trainee's stored choice (read with their token). */
export async function validateMonth(ctx: {
  db: Db;
  actor: Actor;
  month: string | undefined;
  ruleSet: string | null;
  now: Date;
}): Promise<MonthValidation> {
  const today = todayOf(ctx.actor, ctx.now);
  const month = ctx.month ?? monthOf(today);
  const [{ ruleSet, standards, types }, counting] = await Promise.all([
    monthTotalsByType({
      db: ctx.db,
      traineeId: ctx.actor.id,
      month,
      choice: ctx.ruleSet,
      today,
    }),
    repo.readCountingRows(ctx.db, ctx.actor.id),
  ]);
  const judged = adjustMonthRows(counting, ruleSet, today).filter(({ row }) => row.month === month);
  return {
    month,
    is_current_month: month === monthOf(today),
    rule_set: standardsToWire(standards),
    types: types.map(({ type, totals }) => {
      const adjusted = judged.find(({ row }) => row.experienceTypeId === type.id)?.adjusted;
      return {
        expereince_type: type.id,
        name: type.name,
        total_hours: minutesToHours(totals.totalMinutes),
        checks: checkMonth(totals, type.id, ruleSet),
        structures: adjusted ? structureMonthsOf(month, adjusted) : [],
      };
    }),
  };
}

export async function listDocumentedTasks(ctx: {
  db: Db;
  traineeId: number;
  month: string | undefined;
}): Promise<DocumentedTask[]> {
  const range = ctx.month ? { from: monthStart(ctx.month), to: monthEnd(ctx.month) } : {};
  const rows = await repo.documentedTasks(ctx.db, ctx.traineeId, range);
  return rows
    .map((row) => ({ ...taskItemOf(row.taskId), dates: row.dates, count: row.logs }))
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** Sets the trainee's standards; the month checks follow at once. */
export async function chooseRuleSet(ctx: {
  db: Db;
  actor: Actor;
  ruleSet: RuleSetId | null;
}): Promise<void> {
  await repo.setRuleSet(ctx.db, ctx.actor.id, ctx.ruleSet);
}

/**
 * The Monthly Details rows, newest month first: raw figures, and the hours the BACB would count
 * after the shortfall rules (BACB-RULES "Adjusted hours"), each removal with its reason.
 */
function monthRows(
  counting: CountingRows,
  adjustedRows: readonly AdjustedMonthRow[],
): DashboardMonth[] {
  const months = new Map<string, MonthTypeRow[]>();
  for (const row of counting.rows) months.set(row.month, [...(months.get(row.month) ?? []), row]);
  const result: DashboardMonth[] = [];
  for (const [month, typeRows] of [...months.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    let countedMinutes = 0;
    let atRiskMinutes = 0;
    const removals: DashboardMonth['removals'] = [];
    const atRisk: DashboardMonth['at_risk'] = [];
    const structures: StructureMonth[] = [];
    for (const { row, adjusted } of adjustedRows.filter((item) => item.row.month === month)) {
      countedMinutes += adjusted.countedMinutes;
      atRiskMinutes += adjusted.atRiskMinutes;
      for (const { minutes, reason } of heldParts(month, adjusted)) {
        atRisk.push({
          hours: minutesToHours(minutes),
          reason,
          expereince_type: row.experienceTypeId,
        });
      }
      structures.push(...structureMonthsOf(month, adjusted));
      for (const removal of adjusted.removals) {
        removals.push({
          rule: removal.rule,
          hours: minutesToHours(removal.minutes),
          reason: removal.reason,
          expereince_type: row.experienceTypeId,
        });
      }
    }
    const sum = (pick: (row: MonthTypeRow) => number) =>
      typeRows.reduce((total, row) => total + pick(row), 0);
    result.push({
      date: formatMonthYear(month),
      month,
      total_hours: minutesToHours(sum((row) => row.experienceMinutes)),
      supervised: minutesToHours(sum((row) => row.supervisedMinutes)),
      unrestricted: minutesToHours(sum((row) => row.unrestrictedMinutes)),
      restricted: minutesToHours(sum((row) => row.restrictedMinutes)),
      approved_hours: minutesToHours(sum((row) => row.approvedMinutes)),
      adjusted_hours: minutesToHours(countedMinutes),
      removals,
      at_risk_hours: minutesToHours(atRiskMinutes),
      at_risk: atRisk,
      types: typeRows.map((row) => row.experienceTypeId),
      structures,
    });
  }
  return result.reverse();
}

/** The dashboards' figures from the month rows (the rules run here, once per month and type). */
function dashboardFigures(
  counting: CountingRows,
  standards: StandardsInForce,
  today: string,
): DashboardFigures {
  const { ruleSet } = standards;
  const { rows } = counting;
  const adjusted = adjustMonthRows(counting, ruleSet, today);
  const months = monthRows(counting, adjusted);
  const byType = (type: number) =>
    rows
      .filter((row) => row.experienceTypeId === type)
      .reduce((total, row) => total + row.experienceMinutes, 0);
  // Progress toward the goal is the hours that count (issue 36): the same reading as the
  // headline, the badges and the plan; the logged hours are the type figures beside it.
  const countedOf = (type: number) =>
    insideFiveYearWindow(adjusted, today)
      .filter(({ row }) => row.experienceTypeId === type)
      .reduce((total, item) => total + item.adjusted.countedMinutes, 0);
  const counted = { supervisedMinutes: countedOf(1), concentratedMinutes: countedOf(2) };
  const sum = (pick: (row: MonthTypeRow) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const progressMinutes =
    counted.supervisedMinutes + CONCENTRATED_MULTIPLIER * counted.concentratedMinutes;
  const countedMinutes = counted.supervisedMinutes + counted.concentratedMinutes;
  return {
    table: { rule_set: standardsToWire(standards), results: months },
    dashboard: {
      goal_hours: HOURS_GOAL,
      total_hours: minutesToHours(sum((row) => row.experienceMinutes)),
      supervised_type_hours: minutesToHours(byType(1)),
      concentrated_type_hours: minutesToHours(byType(2)),
      counted_supervised_type_hours: minutesToHours(counted.supervisedMinutes),
      counted_concentrated_type_hours: minutesToHours(counted.concentratedMinutes),
      progress_hours: minutesToHours(Math.round(progressMinutes)),
      progress_percent: overallProgress(counted).percent,
      remaining_hours: minutesToHours(Math.max(0, HOURS_GOAL * 60 - Math.round(progressMinutes))),
      restricted_hours: minutesToHours(sum((row) => row.restrictedMinutes)),
      unrestricted_hours: minutesToHours(sum((row) => row.unrestrictedMinutes)),
      approved_hours: minutesToHours(sum((row) => row.approvedMinutes)),
      counted_hours: minutesToHours(Math.round(countedMinutes)),
      at_risk_hours: minutesToHours(
        Math.round(months.reduce((total, row) => total + row.at_risk_hours * 60, 0)),
      ),
      ...fiveYearWindowFields(adjusted, today),
    },
  };
}

/** Their stored rule set choice and time zone, both read with their token. */
type DashboardContext = {
  db: Db;
  traineeId: number;
  ruleSet: string | null;
  timeZone: string | null;
  now: Date;
};

/** Forgets every kept figure (tests compare the kept path with a fresh computation). */
export function forgetDashboardFigures(): void {
  keptProgress.clear();
}

/** A pure function of the month rows, their forms (app and paper), the rule set and the day. */
async function figuresFor(ctx: DashboardContext): Promise<DashboardFigures> {
  const today = todayOf(ctx, ctx.now);
  const standards = await standardsFor(ctx.db, ctx.traineeId, ctx.ruleSet, today);
  // The figures name the standards and why, and depend on the day (a form's deadline passes):
  // kept under all of it.
  const key = JSON.stringify({ standards: standardsToWire(standards), today });
  const entry = keptProgress.get(ctx.traineeId, 'dashboards', key);
  if (entry && (await repo.progressRevision(ctx.db, ctx.traineeId)) === entry.revision)
    return entry.value;
  const { revision, ...counting } = await repo.readCountingRows(ctx.db, ctx.traineeId);
  const figures = dashboardFigures(counting, standards, today);
  keptProgress.set(ctx.traineeId, revision, 'dashboards', key, figures);
  return figures;
}

/** The JSON of the route's own serialiser is made once while the figures are kept. */
export async function getDashboardTable(
  ctx: DashboardContext,
  serialize: (table: DashboardTable) => string,
): Promise<{ table: DashboardTable; json: string }> {
  const figures = await figuresFor(ctx);
  return { table: figures.table, json: (figures.tableJson ??= serialize(figures.table)) };
}

export async function getDashboard(ctx: DashboardContext): Promise<Dashboard> {
  return (await figuresFor(ctx)).dashboard;
}

/** The hours that count, as the headline and the plan (shared/progress/hours-so-far.ts). */
export async function getBadges(ctx: DashboardContext): Promise<Badges> {
  const today = todayOf(ctx, ctx.now);
  const standards = await standardsFor(ctx.db, ctx.traineeId, ctx.ruleSet, today);
  const counting = await repo.readCountingRows(ctx.db, ctx.traineeId);
  const months = insideFiveYearWindow(adjustMonthRows(counting, standards.ruleSet, today), today);
  const countedMinutesOf = (type: number) =>
    hoursSoFar(
      months
        .filter(({ row }) => row.experienceTypeId === type)
        .map(({ row, adjusted }) => ({
          rawMinutes: row.experienceMinutes,
          approvedMinutes: row.approvedMinutes,
          countedMinutes: adjusted.countedMinutes,
        })),
    ).countedMinutes;
  const hours = {
    supervisedMinutes: countedMinutesOf(1),
    concentratedMinutes: countedMinutesOf(2),
  };
  return { ...badgePercentages(hours), overall_progress: overallProgress(hours).percent };
}
