import { AppError } from '../../../shared/errors';
import { planToFinish, type PlanHistoryMonth } from '../../../shared/plan/plan';
import type { PlanResponse, PlanSettings } from '../../../shared/plan/plan.schema';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { todayOf, traineeToday, type Zoned } from '../../clock';
import { adjustMonthRows } from '../../../shared/progress/month-pipeline';
import { readCountingRows, traineeStandards } from '../progress';
import { standardsToWire } from '../../../shared/logs/standards-in-force';
import { heldParts } from '../../../shared/progress/form-hours';
import * as repo from './plan.repository';
import { toPlanWire } from './plan.wire';

/** The stored inputs as the wire names them; types kept to the two the plan knows. */
function settingsOf(row: repo.PlanSettingsRow): PlanSettings {
  const types = row.fieldworkTypes.filter((type): type is 1 | 2 => type === 1 || type === 2);
  return { target_date: row.targetDate, fieldwork_types: types.length > 0 ? types : [1] };
}

/**
 * The trainee's plan to their finish date, computed from their record as it counts today (past
 * months as adjusted hours, the same reading as the dashboard's) and their rule set; no plan
 * before they save a date.
 */
export async function getPlan(ctx: {
  db: Db;
  traineeId: number;
  now: Date;
  /** Who asks: their own zone counts their own plan (see traineeToday). */
  asker: Zoned & { id: number };
}): Promise<PlanResponse> {
  const today = await traineeToday(ctx.db, ctx.traineeId, ctx.now, ctx.asker);
  const [row, standards] = await Promise.all([
    repo.findSettings(ctx.db, ctx.traineeId),
    traineeStandards(ctx.db, ctx.traineeId, ctx.now),
  ]);
  const { ruleSet } = standards;
  const settings = row ? settingsOf(row) : null;
  const base = { settings, rule_set: standardsToWire(standards), today };
  if (!settings) return { ...base, plan: null };
  const counting = await readCountingRows(ctx.db, ctx.traineeId);
  const history: PlanHistoryMonth[] = adjustMonthRows(counting, ruleSet, today).map(
    ({ row, adjusted }) => ({
      month: row.month,
      experienceTypeId: row.experienceTypeId === 2 ? 2 : 1,
      rawMinutes: row.experienceMinutes,
      countedMinutes: adjusted.countedMinutes,
      approvedMinutes: row.approvedMinutes,
      atRiskMinutes: adjusted.atRiskMinutes,
      reasons: [
        ...adjusted.removals.map((removal) => removal.reason),
        ...heldParts(row.month, adjusted).map((held) => held.reason),
      ],
      unrestrictedMinutes: row.unrestrictedMinutes,
      supervisedMinutes: row.supervisedMinutes,
      individualMinutes: row.individualMinutes,
      contacts: row.contacts,
      observations: row.observations,
      observationMinutes: row.observationMinutes,
    }),
  );
  const plan = planToFinish({
    today,
    targetDate: settings.target_date,
    ruleSet,
    types: settings.fieldwork_types,
    history,
  });
  return { ...base, plan: toPlanWire(plan, ruleSet) };
}

/** Saves the trainee's finish date and fieldwork types; the date is today or later. */
export async function savePlan(ctx: {
  db: Db;
  actor: Actor;
  settings: PlanSettings;
  now: Date;
}): Promise<PlanResponse> {
  if (ctx.settings.target_date < todayOf(ctx.actor, ctx.now)) {
    throw AppError.field('target_date', 'The finish date must be today or later');
  }
  await repo.saveSettings(
    ctx.db,
    ctx.actor.id,
    { targetDate: ctx.settings.target_date, fieldworkTypes: ctx.settings.fieldwork_types },
    ctx.now,
  );
  return getPlan({ db: ctx.db, traineeId: ctx.actor.id, now: ctx.now, asker: ctx.actor });
}
