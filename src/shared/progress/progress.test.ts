import { describe, expect, it } from 'vitest';
import {
  badgePercentages,
  BADGE_MILESTONES,
  CONCENTRATED_GOAL,
  CONCENTRATED_MULTIPLIER,
  HOURS_GOAL,
  isGoalMet,
  litMilestones,
  overallProgress,
  supervisorGridBand,
  traineeGridBand,
  type GridBand,
} from './progress';

const HOUR = 60;

describe('progress constants', () => {
  it('uses the BACB goals and the 1.33 factor', () => {
    expect([HOURS_GOAL, CONCENTRATED_GOAL, CONCENTRATED_MULTIPLIER]).toEqual([2000, 1500, 1.33]);
  });
});

describe('isGoalMet (BACB-RULES "Rule sets": 2,000 supervised, or 1,500 concentrated)', () => {
  it.each<[string, number, number, boolean]>([
    ['1,999.75 supervised hours', 1999.75, 0, false],
    ['2,000 supervised hours', 2000, 0, true],
    ['1,499.75 concentrated hours', 0, 1499.75, false],
    ['1,500 concentrated hours (1,995 toward the total)', 0, 1500, true],
    ['1,000 supervised and 751.88 concentrated (×1.33 = 1,000.0004)', 1000, 751.88, true],
    ['1,000 supervised and 751.87 concentrated (×1.33 = 999.99)', 1000, 751.87, false],
  ])('%s: %s', (_name, supervised, concentrated, expected) => {
    expect(
      isGoalMet({
        supervisedMinutes: Math.round(supervised * HOUR),
        concentratedMinutes: Math.round(concentrated * HOUR),
      }),
    ).toBe(expected);
  });
});

describe('overallProgress', () => {
  it.each<[string, number, number, number, number]>([
    ['no hours', 0, 0, 0, 0],
    ['1,000 supervised hours', 1000, 0, 50, 50],
    ['1,500 concentrated hours (the concentrated goal)', 0, 1500, 100, 99.75],
    ['1,000 supervised and 376 concentrated hours', 1000, 376, 75, 75.004],
    ['190 supervised hours (9.5% rounds to 10)', 190, 0, 10, 9.5],
    ['1,989 supervised hours', 1989, 0, 99, 99.45],
    ['2,500 supervised hours (display capped at 100)', 2500, 0, 100, 125],
  ])('shows %s as %i%%', (_, supervisedHours, concentratedHours, percent, rawPercent) => {
    const progress = overallProgress({
      supervisedMinutes: supervisedHours * HOUR,
      concentratedMinutes: concentratedHours * HOUR,
    });
    expect(progress.percent).toBe(percent);
    expect(progress.rawPercent).toBeCloseTo(rawPercent, 6);
  });
});

describe('badgePercentages', () => {
  it.each<[number, number, number, number]>([
    [0, 0, 0, 0],
    [1000, 752, 50, 50],
    [200, 150, 10, 10],
    [2400, 1800, 120, 120],
  ])(
    '%i supervised and %i concentrated hours give %i%% and %i%%',
    (supervisedHours, concentratedHours, supervised, concentrated) => {
      expect(
        badgePercentages({
          supervisedMinutes: supervisedHours * HOUR,
          concentratedMinutes: concentratedHours * HOUR,
        }),
      ).toEqual({ percentage_supervised: supervised, percentage_concentrated: concentrated });
    },
  );
});

describe('litMilestones', () => {
  it('has milestones 10% to 100% in steps of 10', () => {
    expect(BADGE_MILESTONES).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it.each<[number, number[]]>([
    [0, []],
    [9.99, []],
    [10, [10]],
    [55, [10, 20, 30, 40, 50]],
    [99, [10, 20, 30, 40, 50, 60, 70, 80, 90]],
    [100, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]],
    [120, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]],
  ])('at %f%% lights %j', (percent, expected) => {
    expect(litMilestones(percent)).toEqual(expected);
  });
});

describe('grid colour bands', () => {
  it.each<[number, GridBand, GridBand]>([
    [0, 'warning', 'none'],
    [1, 'warning', 'warning'],
    [3, 'warning', 'warning'],
    [4, 'info', 'info'],
    [6, 'info', 'info'],
    [7, 'primary', 'primary'],
    [10, 'primary', 'primary'],
    [15, 'primary', 'primary'],
  ])(
    'a task documented %i times is %s on the trainee grid, %s on the supervisor grid',
    (count, trainee, supervisor) => {
      expect(traineeGridBand(count)).toBe(trainee);
      expect(supervisorGridBand(count)).toBe(supervisor);
    },
  );
});
