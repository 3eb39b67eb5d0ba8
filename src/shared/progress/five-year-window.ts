import { addMonths, formatHours, formatMonthYear, monthStart } from '../logs/time';
import { CONCENTRATED_MULTIPLIER, isGoalMet } from './progress';

/**
 * The five-year window (BCBA Handbook, "Duration of Fieldwork": "Fieldwork must be completed
 * within five continuous years (e.g., May 1, 2020, to April 30, 2025). Note: The five years are
 * calculated by calendar month, not date-to-date."): 60 calendar months, first to last inclusive.
 * Both rule sets' `timeLimitYears` is 5 (five-year-window.test.ts holds them to this).
 */
export const WINDOW_MONTHS = 60;

/** How many months ahead the expiring hours are told. */
export const EXPIRING_MONTHS_AHEAD = 3;

/** A month and fieldwork type of the record and what counts of it (`adjustMonthRows`). */
export type CountedMonthType = {
  month: string;
  experienceTypeId: 1 | 2;
  countedMinutes: number;
};

/** A month's counted minutes, both types. */
export type WindowMonth = { month: string; supervisedMinutes: number; concentratedMinutes: number };

/** A month that falls outside the window on `on` (the first day of a coming month). */
export type ExpiringMonth = WindowMonth & { on: string };

/**
 * `running`: the trainee still needs hours, so the window must hold the running month (and the
 * months to come); `best`: some 60 months already reach the goal, those holding the most.
 */
export type WindowBasis = 'running' | 'best';

export type FiveYearWindow = {
  from: string;
  to: string;
  basis: WindowBasis;
  /** Months with counted minutes, oldest first. */
  inside: WindowMonth[];
  outside: WindowMonth[];
  totals: { supervisedMinutes: number; concentratedMinutes: number; progressMinutes: number };
  /** Month by month over the next three, the months that fall out (none with basis `best`). */
  expiring: ExpiringMonth[];
};

/** The window's last month when it starts in `from`. */
export const windowEnd = (from: string) => addMonths(from, WINDOW_MONTHS - 1);

/** The window's first month when it ends in `to`. */
export const windowStart = (to: string) => addMonths(to, -(WINDOW_MONTHS - 1));

const countedOf = (month: WindowMonth) => month.supervisedMinutes + month.concentratedMinutes;

function byMonth(rows: readonly CountedMonthType[]): WindowMonth[] {
  const months = new Map<string, WindowMonth>();
  for (const row of rows) {
    if (row.countedMinutes <= 0) continue;
    const month = months.get(row.month) ?? {
      month: row.month,
      supervisedMinutes: 0,
      concentratedMinutes: 0,
    };
    if (row.experienceTypeId === 1) month.supervisedMinutes += row.countedMinutes;
    else month.concentratedMinutes += row.countedMinutes;
    months.set(row.month, month);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

function totalsOf(months: readonly WindowMonth[]) {
  const supervisedMinutes = months.reduce((sum, month) => sum + month.supervisedMinutes, 0);
  const concentratedMinutes = months.reduce((sum, month) => sum + month.concentratedMinutes, 0);
  return {
    supervisedMinutes,
    concentratedMinutes,
    progressMinutes: supervisedMinutes + CONCENTRATED_MULTIPLIER * concentratedMinutes,
  };
}

const within = (from: string) => (month: WindowMonth) =>
  isInWindow({ from, to: windowEnd(from) }, month.month);

/**
 * The window a trainee's total counts (BACB-RULES "When hours may count at all": the 60
 * consecutive months holding the most counted hours). Our reading (decision 032): a trainee who
 * still needs hours will earn them from the running month on, so the window they will apply with
 * holds it: the 60 months ending with the running month (no record month is later), sliding a
 * month each month; hours before it no longer count, and the next months' falling out is told
 * ahead. Once some 60 months reach the goal, nothing more is needed: the window is the one of
 * those holding the most progress (the latest of equals) and stays, however long ago it ended.
 */
export function fiveYearWindow(input: {
  counted: readonly CountedMonthType[];
  runningMonth: string;
}): FiveYearWindow {
  const months = byMonth(input.counted);
  const goalWindows = months
    .map((month) => month.month)
    .filter((from) => isGoalMet(totalsOf(months.filter(within(from)))));
  let from = windowStart(input.runningMonth);
  let basis: WindowBasis = 'running';
  let best = -1;
  for (const start of goalWindows) {
    const progress = totalsOf(months.filter(within(start))).progressMinutes;
    if (progress >= best) [from, basis, best] = [start, 'best', progress];
  }
  const inside = months.filter(within(from));
  const expiring: ExpiringMonth[] = [];
  if (basis === 'running') {
    for (let ahead = 1; ahead <= EXPIRING_MONTHS_AHEAD; ahead += 1) {
      const leaving = inside.find((month) => month.month === addMonths(from, ahead - 1));
      if (leaving)
        expiring.push({ ...leaving, on: monthStart(addMonths(input.runningMonth, ahead)) });
    }
  }
  return {
    from,
    to: windowEnd(from),
    basis,
    inside,
    outside: months.filter((month) => !within(from)(month)),
    totals: totalsOf(inside),
    expiring,
  };
}

/** Whether a month lies in the window (first and last month included). */
export function isInWindow(window: Pick<FiveYearWindow, 'from' | 'to'>, month: string): boolean {
  return month >= window.from && month <= window.to;
}

/** "May 2021–April 2026". */
export function windowLabel(window: Pick<FiveYearWindow, 'from' | 'to'>): string {
  return `${formatMonthYear(window.from)}–${formatMonthYear(window.to)}`;
}

/** "outside the five-year window May 2021–April 2026", a month outside's reason. */
export function outsideReason(window: Pick<FiveYearWindow, 'from' | 'to'>): string {
  return `outside the five-year window ${windowLabel(window)}`;
}

const hoursOf = (minutes: number) =>
  `${formatHours(minutes)} ${formatHours(minutes) === '1' ? 'hour' : 'hours'}`;

/** "On 1 February 2027, June 2022's 84 hours fall outside the five-year window." */
export function expiringSentence(month: ExpiringMonth): string {
  const hours = hoursOf(countedOf(month));
  const verb = formatHours(countedOf(month)) === '1' ? 'falls' : 'fall';
  return `On 1 ${formatMonthYear(month.on.slice(0, 7))}, ${formatMonthYear(month.month)}'s ${hours} ${verb} outside the five-year window.`;
}
