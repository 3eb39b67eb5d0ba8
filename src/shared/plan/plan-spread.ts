/** Planned hours are whole quarter hours (BACB-RULES shows hours to the nearest 0.25). */
export const PLAN_STEP_MINUTES = 15;

/**
 * What a month can take from now, in minutes: nothing or `least` to `most` (under the minimum a
 * month counts nothing); `isRequired` (the current month): `least` to `most` or its hours are lost.
 */
export type MonthRoom = { least: number; most: number; isRequired: boolean };

const roundUpToStep = (minutes: number) =>
  Math.ceil(minutes / PLAN_STEP_MINUTES) * PLAN_STEP_MINUTES;

/** The most minutes the months can take (a month that cannot reach its least takes none). */
export function capacityOf(rooms: readonly MonthRoom[]): number {
  return rooms.reduce((sum, room) => sum + usableMost(room), 0);
}

function usableMost(room: MonthRoom): number {
  const most = Math.floor(room.most / PLAN_STEP_MINUTES) * PLAN_STEP_MINUTES;
  return most >= roundUpToStep(room.least) ? most : 0;
}

/**
 * Spreads `needed` minutes evenly over the months in quarter hours, extra ones to earlier months.
 * When an even pace would put a month under its minimum, the last months stay empty instead (done
 * sooner, never later). Adds up to `needed` rounded up, more only when a minimum forces it, less
 * only when the months cannot take it (then each is at its most).
 */
export function spreadEvenly(needed: number, rooms: readonly MonthRoom[]): number[] {
  const target = roundUpToStep(Math.max(0, needed));
  const least = rooms.map((room) => roundUpToStep(Math.max(0, room.least)));
  const most = rooms.map(usableMost);
  const active = rooms.map((room, index) => most[index]! > 0 || room.isRequired);
  const sumLeast = () =>
    active.reduce((sum, isActive, index) => sum + (isActive ? least[index]! : 0), 0);
  const activeCount = () => active.filter(Boolean).length;
  // Empty the last optional months while their minimums alone pass the need; one month stays.
  for (let index = rooms.length - 1; index >= 0 && sumLeast() > target; index -= 1) {
    const canDrop = target === 0 || activeCount() > 1;
    if (active[index] && !rooms[index]!.isRequired && canDrop) active[index] = false;
  }
  // An optional month kept alone for a need under its minimum still takes the minimum.
  const clampAt = (level: number, index: number) =>
    active[index]
      ? Math.min(Math.max(level, least[index]!), Math.max(most[index]!, least[index]!))
      : 0;
  const totalAt = (level: number) =>
    rooms.reduce((sum, _room, index) => sum + clampAt(level, index), 0);

  let low = 0;
  let high = Math.max(0, ...most, ...least) / PLAN_STEP_MINUTES;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (totalAt(middle * PLAN_STEP_MINUTES) >= target) high = middle;
    else low = middle + 1;
  }
  const level = low * PLAN_STEP_MINUTES;
  const spread = rooms.map((_room, index) => clampAt(level, index));
  // Take back the quarter hours above what is needed from the latest months at the level.
  let excess = spread.reduce((sum, minutes) => sum + minutes, 0) - target;
  for (let index = spread.length - 1; index >= 0 && excess >= PLAN_STEP_MINUTES; index -= 1) {
    const minutes = spread[index]!;
    if (minutes === level && minutes - PLAN_STEP_MINUTES >= least[index]!) {
      spread[index] = minutes - PLAN_STEP_MINUTES;
      excess -= PLAN_STEP_MINUTES;
    }
  }
  return spread;
}

/** Days left in the month of `today` ('YYYY-MM-DD'), today included. */
export function daysLeftInMonth(today: string): number {
  const lastDay = new Date(
    Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0),
  ).getUTCDate();
  return lastDay - Number(today.slice(8, 10)) + 1;
}

/**
 * What the current month can still take (issue 28): the monthly maximum spread over its days, for
 * the days left, never past the maximum with what is logged. Hours under the minimum must reach it
 * or are lost (`isRequired`) when the days left can take it; when not, nothing more is planned.
 */
export function currentMonthRoom(input: {
  today: string;
  minMinutes: number;
  maxMinutes: number;
  loggedMinutes: number;
}): MonthRoom {
  const { today, minMinutes, maxMinutes, loggedMinutes } = input;
  const daysLeft = daysLeftInMonth(today);
  const days = daysLeft + Number(today.slice(8, 10)) - 1;
  const paced = Math.floor((maxMinutes * daysLeft) / days);
  const most = Math.max(0, Math.min(maxMinutes - loggedMinutes, paced));
  const least = loggedMinutes > 0 ? Math.max(0, minMinutes - loggedMinutes) : minMinutes;
  return {
    least,
    most,
    isRequired: loggedMinutes > 0 && least > 0 && usableMost({ least, most, isRequired: true }) > 0,
  };
}
