import { AppError } from '../../../shared/errors';
import { checkMonth, type MonthTotals } from '../../../shared/logs/monthly-checks';
import { resolveRuleSet, RULE_SET_IDS, type RuleSetId } from '../../../shared/logs/rule-sets';
import { minutesToHours, monthEnd, monthOf, monthStart } from '../../../shared/logs/time';
import type {
  AccruedResponse,
  AccruedTotals,
  DocumentedTask,
  MonthValidation,
} from '../../../shared/progress/accrued.schema';
import { EXPERIENCE_TYPES } from '../../../shared/reference/lookups';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { findUserById } from '../accounts/accounts.repository';
import { serverToday } from '../logs/logs.service';
import { taskItemOf } from '../logs/logs.wire';
import * as repo from './progress.repository';

const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

function toAccrued(totals: repo.MinuteTotals): AccruedTotals {
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

/** All-time and range totals of a trainee's logs (every status; deleted logs excluded). */
export async function getAccrued(ctx: {
  db: Db;
  traineeId: number;
  range: { from?: string | undefined; to?: string | undefined };
  now: Date;
}): Promise<AccruedResponse> {
  const today = serverToday(ctx.now);
  const from = ctx.range.from ?? monthStart(today);
  const to = ctx.range.to ?? monthEnd(today);
  if (from > to)
    throw AppError.field('from_date', 'The start date must be on or before the end date');
  const [total, range] = await Promise.all([
    repo.sumLogs(ctx.db, ctx.traineeId),
    repo.sumLogs(ctx.db, ctx.traineeId, { from, to }),
  ]);
  return { total: toAccrued(total), month_to_date: toAccrued(range), from_date: from, to_date: to };
}

/** The trainee's rule set choice; null means the default by date. */
async function chosenRuleSet(db: Db, traineeId: number): Promise<RuleSetId | null> {
  const user = await findUserById(db, traineeId);
  const choice = user?.ruleSet;
  return RULE_SET_IDS.find((id) => id === choice) ?? null;
}

/** The month's requirement checks, per fieldwork type logged (supervised when none is). */
export async function validateMonth(ctx: {
  db: Db;
  actor: Actor;
  month: string | undefined;
  now: Date;
}): Promise<MonthValidation> {
  const today = serverToday(ctx.now);
  const month = ctx.month ?? monthOf(today);
  const [choice, byType, cumulative] = await Promise.all([
    chosenRuleSet(ctx.db, ctx.actor.id),
    repo.sumLogsByType(ctx.db, ctx.actor.id, { from: monthStart(month), to: monthEnd(month) }),
    repo.sumLogs(ctx.db, ctx.actor.id, { to: monthEnd(month) }),
  ]);
  const ruleSet = resolveRuleSet(choice, today);
  const types = EXPERIENCE_TYPES.filter(
    (type) =>
      byType.some((row) => row.experienceTypeId === type.id) ||
      (type.id === 1 && byType.length === 0),
  );
  return {
    month,
    is_current_month: month === monthOf(today),
    rule_set: { id: ruleSet.id, label: ruleSet.label, is_chosen: choice !== null },
    types: types.map((type) => {
      const row = byType.find((candidate) => candidate.experienceTypeId === type.id);
      const totals: MonthTotals = {
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
      return {
        expereince_type: type.id,
        name: type.name,
        total_hours: minutesToHours(totals.totalMinutes),
        checks: checkMonth(totals, type.id, ruleSet),
      };
    }),
  };
}

/** The tasks a trainee documented (all time, or in one month), in outline order. */
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
