import { formatMonthYear, minutesToHours, monthOf } from '../../../shared/logs/time';
import type { Dashboard } from '../../../shared/progress/accrued.schema';
import {
  expiringSentence,
  fiveYearWindow,
  isInWindow,
  outsideReason,
  type FiveYearWindow,
  type WindowMonth,
  windowLabel,
} from '../../../shared/progress/five-year-window';
import type { AdjustedMonthRow } from '../../../shared/progress/month-pipeline';

// The dashboards' side of the five-year window (decision 032): the adjusted rows in, the rows
// that count and the wire's figures out. The rule is src/shared/progress/five-year-window.ts.

const isExperienceType = (id: number): id is 1 | 2 => id === 1 || id === 2;

/** The window of the record as it counts on `today` (the trainee's day). */
function windowOf(adjusted: readonly AdjustedMonthRow[], today: string): FiveYearWindow {
  return fiveYearWindow({
    counted: adjusted.flatMap(({ row, adjusted: counted }) =>
      isExperienceType(row.experienceTypeId)
        ? [
            {
              month: row.month,
              experienceTypeId: row.experienceTypeId,
              countedMinutes: counted.countedMinutes,
            },
          ]
        : [],
    ),
    runningMonth: monthOf(today),
  });
}

/** The rows of the months inside the window: what the totals, the headline and the badges add. */
export function insideFiveYearWindow(
  adjusted: readonly AdjustedMonthRow[],
  today: string,
): AdjustedMonthRow[] {
  const window = windowOf(adjusted, today);
  return adjusted.filter(({ row }) => isInWindow(window, row.month));
}

const countedHoursOf = (month: WindowMonth) =>
  minutesToHours(month.supervisedMinutes + month.concentratedMinutes);

/** The dashboard's window fields: the window, the months outside it and why, what leaves next. */
export function fiveYearWindowFields(
  adjusted: readonly AdjustedMonthRow[],
  today: string,
): Pick<Dashboard, 'five_year_window' | 'outside_window' | 'outside_window_hours' | 'expiring'> {
  const window = windowOf(adjusted, today);
  const reason = outsideReason(window);
  const outsideMinutes = window.outside.reduce(
    (sum, month) => sum + month.supervisedMinutes + month.concentratedMinutes,
    0,
  );
  return {
    five_year_window: {
      from: window.from,
      to: window.to,
      label: windowLabel(window),
      basis: window.basis,
    },
    outside_window: window.outside.map((month) => ({
      month: month.month,
      date: formatMonthYear(month.month),
      counted_hours: countedHoursOf(month),
      reason,
    })),
    outside_window_hours: minutesToHours(outsideMinutes),
    expiring: window.expiring.map((month) => ({
      on: month.on,
      month: month.month,
      date: formatMonthYear(month.month),
      counted_hours: countedHoursOf(month),
      message: expiringSentence(month),
    })),
  };
}
