/**
 * Progress toward certification (BACB-RULES "How hours are counted"). The ×1.33 factor for
 * concentrated hours is applied here and only here: never to a log's stored hours and never on a
 * monthly form, which must show actual hours.
 */

/** Each concentrated hour counts this much toward the 2,000-hour goal. */
export const CONCENTRATED_MULTIPLIER = 1.33;

/** Hours of supervised fieldwork needed for certification. */
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

/** Overall progress: `percent` for display, `rawPercent` unrounded and uncapped. */
export type OverallProgress = { percent: number; rawPercent: number };

const percentOfGoal = (minutes: number) => (minutes / 60 / HOURS_GOAL) * 100;

/**
 * Progress figures are whole numbers, rounded to nearest. Rounding down was considered and
 * rejected: 1,500 concentrated hours × 1.33 is 1,995 hours, 99.75%, and a trainee who has met the
 * concentrated goal must see 100%.
 */
const roundProgress = (percent: number) => Math.round(percent);

/**
 * (supervised-type hours + 1.33 × concentrated-type hours) / 2,000, as a whole-number percent
 * capped at 100 for display; `rawPercent` keeps the exact figure, which can pass 100.
 */
export function overallProgress(hours: HoursByType): OverallProgress {
  const rawPercent = percentOfGoal(
    hours.supervisedMinutes + CONCENTRATED_MULTIPLIER * hours.concentratedMinutes,
  );
  return { percent: Math.min(100, roundProgress(rawPercent)), rawPercent };
}

/** The badge data of GET /api/v1/badges-api/ (SPEC §3 "Badge data"), whole-number percents. */
export type BadgePercentages = { percentage_supervised: number; percentage_concentrated: number };

/**
 * Each badge row's percentage of the 2,000-hour goal; concentrated hours count ×1.33. Not capped,
 * so a row past 100% keeps every badge lit.
 */
export function badgePercentages(hours: HoursByType): BadgePercentages {
  return {
    percentage_supervised: roundProgress(percentOfGoal(hours.supervisedMinutes)),
    percentage_concentrated: roundProgress(
      percentOfGoal(CONCENTRATED_MULTIPLIER * hours.concentratedMinutes),
    ),
  };
}

/** The badge milestones: 10% to 100% in steps of 10. */
export const BADGE_MILESTONES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

/** The milestones a percentage lights: those at or below it. */
export function litMilestones(percent: number): number[] {
  return BADGE_MILESTONES.filter((milestone) => percent >= milestone);
}

/** The colour of a task-grid cell; 'none' is a task never documented. */
export type GridBand = 'none' | 'warning' | 'info' | 'primary';

/**
 * The trainee grid's colour by how many times a task was documented. SPEC §9 gives overlapping
 * bands (0-3, 3-6, 6-10); we read them as 0-3 warning, 4-6 info, 7 and more primary. A task never
 * documented is 'warning' too, as SPEC §9 starts the first band at 0; the cell itself says 'Task
 * not completed'.
 */
export function traineeGridBand(count: number): GridBand {
  if (count <= 3) return 'warning';
  if (count <= 6) return 'info';
  return 'primary';
}

/**
 * The supervisor grid's colour: 1-3 warning, 4-6 info, 7-10 primary (and above 10 stays
 * primary). SPEC §9 gives no band for 0, so a task never documented has none.
 */
export function supervisorGridBand(count: number): GridBand {
  if (count <= 0) return 'none';
  return traineeGridBand(count);
}
