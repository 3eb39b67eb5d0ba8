import type { RuleSet } from '../../../shared/logs/rule-sets';
import { formatMonthYear, minutesToHours } from '../../../shared/logs/time';
import type { Plan, PlanMonth } from '../../../shared/plan/plan';
import { expiringNote, isTightPlan, planMessage } from '../../../shared/plan/plan-message';
import { windowLabel } from '../../../shared/progress/five-year-window';
import { hoursSoFarNote } from '../../../shared/progress/hours-so-far';
import type { PlanMonthWire, PlanResult } from '../../../shared/plan/plan.schema';

const hoursOrNull = (minutes: number | null) => (minutes === null ? null : minutesToHours(minutes));

function monthToWire(month: PlanMonth): PlanMonthWire {
  const { toSchedule } = month;
  return {
    month: month.month,
    label: formatMonthYear(month.month),
    kind: month.kind,
    actual_hours: hoursOrNull(month.actualMinutes),
    logged_hours: hoursOrNull(month.loggedMinutes),
    counted_hours: hoursOrNull(month.countedMinutes),
    reasons: month.reasons,
    planned_hours: hoursOrNull(month.plannedMinutes),
    to_log_hours: hoursOrNull(month.toLogMinutes),
    unrestricted_hours: hoursOrNull(month.unrestrictedMinutes),
    cumulative_actual_hours: hoursOrNull(month.cumulativeActualMinutes),
    cumulative_planned_hours: hoursOrNull(month.cumulativePlannedMinutes),
    to_schedule: toSchedule && {
      supervision_hours: minutesToHours(toSchedule.supervisionMinutes),
      individual_hours: minutesToHours(toSchedule.individualMinutes),
      contacts: toSchedule.contacts,
      observation: toSchedule.observation,
    },
  };
}

/** The computed plan as GET /api/v1/plan/ sends it: hours decimal, with its message. */
export function toPlanWire(plan: Plan, ruleSet: RuleSet): PlanResult {
  return {
    status: plan.status,
    expereince_type: plan.experienceTypeId,
    target_month: plan.targetMonth,
    finish_month: plan.finishMonth,
    earliest_month: plan.earliestMonth,
    latest_month: plan.latestMonth,
    bounded_by: plan.boundedBy,
    is_raised_by_unrestricted: plan.isRaisedByUnrestricted,
    is_tight: isTightPlan(plan),
    counted_hours: minutesToHours(plan.countedMinutes),
    needed_hours: minutesToHours(plan.neededMinutes),
    goal_hours: minutesToHours(plan.countedMinutes + plan.neededMinutes),
    peak_month_hours: minutesToHours(plan.peakMonthMinutes),
    max_month_hours: minutesToHours(plan.maxMonthMinutes),
    days_left_this_month: plan.daysLeftThisMonth,
    so_far: {
      logged_hours: minutesToHours(plan.soFar.loggedMinutes),
      awaiting_approval_hours: minutesToHours(plan.soFar.awaitingApprovalMinutes),
      counted_hours: minutesToHours(plan.soFar.countedMinutes),
      note: hoursSoFarNote(plan.soFar),
    },
    message: planMessage(plan, ruleSet),
    five_year_window: { ...plan.window, label: windowLabel(plan.window) },
    expiring_before_finish: {
      hours: minutesToHours(plan.expiring.reduce((sum, month) => sum + month.minutes, 0)),
      months: plan.expiring.map((month) => ({
        month: month.month,
        label: formatMonthYear(month.month),
        counted_hours: minutesToHours(month.minutes),
        on: month.on,
      })),
      note: expiringNote(plan),
    },
    months: plan.months.map(monthToWire),
  };
}
