import { addMonths, monthOf, monthStart } from '../logs/time';
import {
  fiveYearWindow,
  isInWindow,
  outsideReason,
  windowEnd,
  windowStart,
  type FiveYearWindow,
  WINDOW_MONTHS,
} from '../progress/five-year-window';
import { hoursSoFar, type HoursSoFar } from '../progress/hours-so-far';
import type { PlanHistoryMonth, PlanInput } from './plan';
import { countsNow } from './plan-months';

/** A month of today's window that falls out before the plan's last month, on `on`. */
export type PlanExpiringMonth = { month: string; minutes: number; on: string };

/**
 * The record through the five-year window, as the plan reads it (decision 032): today's window is
 * the dashboard's (the same counted hours); a plan that ends later sees the window end with it.
 */
export type PlanWindow = {
  window: FiveYearWindow;
  /** Minutes by type that still count when the plan ends in `end` (the current month as logged). */
  countedAt: (end: string) => { supervised: number; concentrated: number };
  /** Today's months with hours that fall out before `end`, oldest first. */
  expiringBy: (end: string) => PlanExpiringMonth[];
  /** The last month in which every hour counted now still counts. */
  keepsAllUntil: string;
};

const isCounted = (row: PlanHistoryMonth) => row.countedMinutes > 0;

export function planWindow(input: PlanInput): PlanWindow {
  const currentMonth = monthOf(input.today);
  const rows = input.history.filter((row) => row.month <= currentMonth);
  const window = fiveYearWindow({
    counted: rows.map((row) => ({
      month: row.month,
      experienceTypeId: row.experienceTypeId,
      countedMinutes: row.countedMinutes,
    })),
    runningMonth: currentMonth,
  });
  const inside = rows
    .filter((row) => isInWindow(window, row.month))
    .sort((a, b) => a.month.localeCompare(b.month));
  // A window met the goal: it stays, whenever the plan ends.
  const isFixed = window.basis === 'best';
  const stillIn = (end: string) => (row: PlanHistoryMonth) =>
    isFixed || row.month >= windowStart(end);
  const sumOf = (list: readonly PlanHistoryMonth[]) =>
    list.reduce((sum, row) => sum + countsNow(row, input), 0);
  const firstCounted = inside.find(isCounted)?.month;
  return {
    window,
    countedAt: (end) => {
      const kept = inside.filter(stillIn(end));
      return {
        supervised: sumOf(kept.filter((row) => row.experienceTypeId === 1)),
        concentrated: sumOf(kept.filter((row) => row.experienceTypeId === 2)),
      };
    },
    expiringBy: (end) => {
      const months = new Map<string, number>();
      for (const row of inside.filter((candidate) => !stillIn(end)(candidate))) {
        months.set(row.month, (months.get(row.month) ?? 0) + countsNow(row, input));
      }
      return [...months.entries()]
        .filter(([, minutes]) => minutes > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, minutes]) => ({
          month,
          minutes,
          on: monthStart(addMonths(month, WINDOW_MONTHS)),
        }));
    },
    keepsAllUntil: isFixed ? window.to : windowEnd(firstCounted ?? currentMonth),
  };
}

/**
 * The record as the plan's rows and its "so far" read it: a month outside today's window counts
 * nothing (`isOutsideWindow`, with the reason), its counted hours told apart (hours-so-far.ts).
 */
export function readThroughWindow(
  input: PlanInput,
  window: FiveYearWindow,
): { history: PlanHistoryMonth[]; soFar: HoursSoFar } {
  const currentMonth = monthOf(input.today);
  const reason = outsideReason(window);
  const history = input.history.map((row) =>
    row.month > currentMonth || isInWindow(window, row.month)
      ? row
      : {
          ...row,
          countedMinutes: 0,
          isOutsideWindow: true,
          reasons: row.rawMinutes > 0 ? [...row.reasons, reason] : row.reasons,
        },
  );
  const soFar = hoursSoFar(
    input.history
      .filter((row) => row.month <= currentMonth)
      .map((row) =>
        isInWindow(window, row.month)
          ? row
          : { ...row, countedMinutes: 0, outsideWindowMinutes: row.countedMinutes },
      ),
  );
  return { history, soFar };
}
