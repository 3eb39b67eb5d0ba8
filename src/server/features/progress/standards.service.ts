import {
  RULE_SET_IDS,
  RULE_SETS,
  RULES_2027_FROM,
  type RuleSet,
  type RuleSetId,
} from '../../../shared/logs/rule-sets';
import {
  standardsInForce,
  standardsToWire,
  type StandardsInForce,
} from '../../../shared/logs/standards-in-force';
import { formatMonthYear, minutesToHours, monthOf } from '../../../shared/logs/time';
import { CONCENTRATED_MULTIPLIER } from '../../../shared/progress/progress';
import {
  compareStandards,
  isBeforeSwitch,
  reachBeforeSwitch,
  switchSummary,
} from '../../../shared/progress/standards-switch';
import type { StandardsSwitchWire } from '../../../shared/progress/standards-switch.schema';
import type { Db } from '../../db/client';
import { findUserById } from '../accounts';
import { todayIn } from '../../../shared/logs/time-zone';
import { traineeToday, type Zoned } from '../../clock';
import { keptProgress, type RecordUnderBoth } from './progress.kept';
import { adjustMonthRows, type CountingRows } from '../../../shared/progress/month-pipeline';
import * as repo from './progress.repository';
import * as switchRepo from './standards-switch.repository';
import { insideFiveYearWindow } from './progress.window';

/** A stored rule set choice as a rule set id; null means the default by date. */
function choiceOf(stored: string | null | undefined): RuleSetId | null {
  return RULE_SET_IDS.find((id) => id === stored) ?? null;
}

/** Both sets go through the one reading of adjusted hours, `adjustMonthRows`. */
export function recordUnderBoth(counting: CountingRows, today: string): RecordUnderBoth {
  const under2022 = adjustMonthRows(counting, RULE_SETS['2022'], today);
  const under2027 = adjustMonthRows(counting, RULE_SETS['2027'], today);
  const comparison = compareStandards(
    under2022.map(({ row, adjusted }, index) => ({
      month: row.month,
      type: row.experienceTypeId === 2 ? 2 : 1,
      rawMinutes: row.experienceMinutes,
      under: { '2022': adjusted, '2027': under2027[index]!.adjusted },
    })),
    today,
  );
  const month = monthOf(today);
  const latest = counting.rows.reduce((last, row) => (row.month > last ? row.month : last), '');
  const latestTypes = new Set(
    counting.rows.filter((row) => row.month === latest).map((row) => row.experienceTypeId),
  );
  const reach = reachBeforeSwitch({
    today,
    // What the dashboard's remaining hours count: the five-year window's months (decision 032).
    countedProgressMinutes: insideFiveYearWindow(under2022, today).reduce(
      (sum, { row, adjusted }) =>
        sum + adjusted.countedMinutes * (row.experienceTypeId === 2 ? CONCENTRATED_MULTIPLIER : 1),
      0,
    ),
    loggedThisMonthMinutes: counting.rows
      .filter((row) => row.month === month)
      .reduce((sum, row) => sum + row.experienceMinutes, 0),
    isConcentrated: latestTypes.size === 1 && latestTypes.has(2),
  });
  return { reach, comparison };
}

/** The trainee's record under both sets on `today`: one revision read while it is kept. */
export async function traineeUnderBoth(
  db: Db,
  traineeId: number,
  today: string,
): Promise<RecordUnderBoth> {
  const entry = keptProgress.get(traineeId, 'underBoth', today);
  if (entry && (await repo.progressRevision(db, traineeId)) === entry.revision) return entry.value;
  const { revision, ...counting } = await repo.readCountingRows(db, traineeId);
  const value = recordUnderBoth(counting, today);
  keptProgress.set(traineeId, revision, 'underBoth', today, value);
  return value;
}

/** The stored `choice`, else the plan's finish date and, before the switch, the reach. */
export async function standardsFor(
  db: Db,
  traineeId: number,
  choice: string | null | undefined,
  today: string,
): Promise<StandardsInForce> {
  const finishDate = await repo.findPlannedFinish(db, traineeId);
  const applyingBefore =
    isBeforeSwitch(today) && (finishDate === null || finishDate < RULES_2027_FROM);
  const reach = applyingBefore ? (await traineeUnderBoth(db, traineeId, today)).reach : null;
  return standardsInForce({ choice: choiceOf(choice), today, finishDate, reach });
}

export async function traineeStandards(
  db: Db,
  traineeId: number,
  now: Date,
): Promise<StandardsInForce> {
  const user = await findUserById(db, traineeId);
  return standardsFor(db, traineeId, user?.ruleSet, todayIn(now, user?.timeZone ?? null));
}

export async function ruleSetFor(db: Db, traineeId: number, now: Date): Promise<RuleSet> {
  return (await traineeStandards(db, traineeId, now)).ruleSet;
}

const bySet = (minutes: Record<RuleSetId, number>) => ({
  2022: minutesToHours(minutes['2022']),
  2027: minutesToHours(minutes['2027']),
});

export async function getStandardsSwitch(ctx: {
  db: Db;
  traineeId: number;
  now: Date;
  asker: Zoned & { id: number };
}): Promise<StandardsSwitchWire> {
  const today = await traineeToday(ctx.db, ctx.traineeId, ctx.now, ctx.asker);
  const [standards, both, notice] = await Promise.all([
    traineeStandards(ctx.db, ctx.traineeId, ctx.now),
    traineeUnderBoth(ctx.db, ctx.traineeId, today),
    switchRepo.findSwitchNotice(ctx.db, ctx.traineeId),
  ]);
  const before = isBeforeSwitch(today);
  const { comparison, reach } = both;
  return {
    rule_set: standardsToWire(standards),
    switch_date: RULES_2027_FROM,
    is_before_switch: before,
    reach: reach
      ? {
          can_finish: reach.canFinish,
          needed_hours: minutesToHours(reach.neededMinutes),
          capacity_hours: minutesToHours(reach.capacityMinutes),
          apply_by: reach.applyBy,
        }
      : null,
    counted_hours: bySet(comparison.countedMinutes),
    cost_hours: minutesToHours(comparison.costMinutes),
    summary: before ? switchSummary(comparison) : null,
    months: before
      ? comparison.months.map((month) => ({
          month: month.month,
          date: formatMonthYear(month.month),
          logged_hours: minutesToHours(month.rawMinutes),
          counted_hours: bySet(month.countedMinutes),
          differences: month.differences.map((difference) => ({
            rule_set: difference.ruleSet,
            key: difference.key,
            text: difference.text,
          })),
          mends: month.mends.map((mend) => ({ rule_set: mend.ruleSet, text: mend.text })),
          is_running: month.isRunning,
        }))
      : [],
    notified_at: notice?.sentAt.toISOString() ?? null,
  };
}
