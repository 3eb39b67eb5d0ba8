import { describe, expect, it } from 'vitest';
import { computeLogHours, type LogHours, type LogTimes } from './log-hours';

const cases: [string, LogTimes, LogHours][] = [
  [
    'a supervised morning with an hour of supervision',
    {
      start: 540,
      end: 720,
      unrestrictedMinutes: 120,
      supervisionStart: 600,
      supervisionEnd: 660,
      isSupervised: true,
    },
    {
      experienceMinutes: 180,
      restrictedMinutes: 60,
      supervisedMinutes: 60,
      independentMinutes: 120,
    },
  ],
  [
    'supervision covering the whole experience',
    {
      start: 540,
      end: 600,
      unrestrictedMinutes: 60,
      supervisionStart: 540,
      supervisionEnd: 600,
      isSupervised: true,
    },
    { experienceMinutes: 60, restrictedMinutes: 0, supervisedMinutes: 60, independentMinutes: 0 },
  ],
  [
    'no supervision, even with supervision times left over',
    {
      start: 780,
      end: 1005,
      unrestrictedMinutes: 0,
      supervisionStart: 800,
      supervisionEnd: 900,
      isSupervised: false,
    },
    {
      experienceMinutes: 225,
      restrictedMinutes: 225,
      supervisedMinutes: 0,
      independentMinutes: 225,
    },
  ],
  [
    'a supervised log whose supervision times are missing',
    { start: 540, end: 600, unrestrictedMinutes: 30, supervisionStart: null, isSupervised: true },
    { experienceMinutes: 60, restrictedMinutes: 30, supervisedMinutes: 0, independentMinutes: 60 },
  ],
];

describe('computeLogHours', () => {
  it.each(cases)('computes %s', (_, times, expected) => {
    expect(computeLogHours(times)).toEqual(expected);
  });

  it('keeps the actual hours of a concentrated log (no ×1.33 on the log)', () => {
    const hours = computeLogHours({
      start: 480,
      end: 960,
      unrestrictedMinutes: 480,
      isSupervised: false,
    });
    expect(hours.experienceMinutes).toBe(480);
  });
});
