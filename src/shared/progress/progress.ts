/**
 * Progress toward certification (BACB-RULES "How hours are counted"). The ×1.33 factor is applied
 * here only: never to a log's stored hours nor on a monthly form, which shows actual hours.
 */

/** Each concentrated hour counts this much toward the 2,000-hour goal. */
export const CONCENTRATED_MULTIPLIER = 1.33;

export const HOURS_GOAL = 2000;

/** Hours needed with concentrated fieldwork only. */
export const CONCENTRATED_GOAL = 1500;

/** Minutes logged by fieldwork type (actual minutes, as stored). */
export type HoursByType = {
  /** Minutes of supervised fieldwork (experience type 1). */
  supervisedMinutes: number;
  /** Minutes of concentrated supervised fieldwork (experience type 2). */
  concentratedMinutes: number;
};

/**
 * Whether counted hours reach the total (BACB-RULES "Rule sets"): 2,000 toward the goal with
 * concentrated ×1.33, or 1,500 concentrated. In hundredths of a minute, so ×1.33 stays exact.
 */
export function isGoalMet(hours: HoursByType): boolean {
  const scaled = Math.round(CONCENTRATED_MULTIPLIER * 100);
  return (
    hours.supervisedMinutes * 100 + hours.concentratedMinutes * scaled >= HOURS_GOAL * 60 * 100 ||
    hours.concentratedMinutes >= CONCENTRATED_GOAL * 60
  );
}

/** Overall progress: `percent` for display, `rawPercent` unrounded and uncapped. */
export type OverallProgress = { percent: number; rawPercent: number };

const percentOfGoal = (minutes: number) => (minutes / 60 / HOURS_GOAL) * 100;

// Rounded to nearest, not down: 1,500 concentrated hours × 1.33 is 1,995 hours (99.75%), and a
// trainee who has met the concentrated goal must see 100%.
const roundProgress = (percent: number) => Math.round(percent);

/** Capped at 100 for display; `rawPercent` keeps the exact figure, which can pass 100. */
export function overallProgress(hours: HoursByType): OverallProgress {
  const rawPercent = percentOfGoal(
    hours.supervisedMinutes + CONCENTRATED_MULTIPLIER * hours.concentratedMinutes,
  );
  return { percent: Math.min(100, roundProgress(rawPercent)), rawPercent };
}

/** The badge data of GET /api/v1/badges-api/ (SPEC §3 "Badge data"), whole-number percents. */
export type BadgePercentages = { percentage_supervised: number; percentage_concentrated: number };

/** Each badge row's percent of 2,000 hours (concentrated ×1.33), uncapped: past 100% all stay lit. */
export function badgePercentages(hours: HoursByType): BadgePercentages {
  return {
    percentage_supervised: roundProgress(percentOfGoal(hours.supervisedMinutes)),
    percentage_concentrated: roundProgress(
      percentOfGoal(CONCENTRATED_MULTIPLIER * hours.concentratedMinutes),
    ),
  };
}

export const BADGE_MILESTONES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

export function litMilestones(percent: number): number[] {
  return BADGE_MILESTONES.filter((milestone) => percent >= milestone);
}

/** The colour of a task-grid cell; 'none' is a task never documented. */
export type GridBand = 'none' | 'warning' | 'info' | 'primary';

/**
 * SPEC §9's bands overlap (0-3, 3-6, 6-10): read as 0-3 warning, 4-6 info, 7+ primary. A task
 * never documented is 'warning' too, as SPEC §9 starts the first band at 0.
 */
export function traineeGridBand(count: number): GridBand {
  if (count <= 3) return 'warning';
  if (count <= 6) return 'info';
  return 'primary';
}

/** Supervisor grid: 1-3 warning, 4-6 info, 7+ primary; none for 0 (SPEC §9 gives no band for 0). */
export function supervisorGridBand(count: number): GridBand {
  if (count <= 0) return 'none';
  return traineeGridBand(count);
}
