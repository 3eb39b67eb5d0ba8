import { describe, expect, it } from 'vitest';
import { findOverlappingLog, overlapMessage, type LogWindow } from './log-overlap';

const existing: LogWindow[] = [
  { id: 1, date: '2026-03-05', startMinutes: 540, endMinutes: 660 },
  { id: 2, date: '2026-03-05', startMinutes: 780, endMinutes: 900 },
  { id: 3, date: '2026-03-06', startMinutes: 540, endMinutes: 660 },
];

describe('findOverlappingLog', () => {
  it.each<[string, LogWindow, number | undefined]>([
    ['a window inside another log', { date: '2026-03-05', startMinutes: 570, endMinutes: 600 }, 1],
    [
      'a window covering another log',
      { date: '2026-03-05', startMinutes: 500, endMinutes: 700 },
      1,
    ],
    ['a window straddling a start', { date: '2026-03-05', startMinutes: 750, endMinutes: 800 }, 2],
    [
      'a window that ends as another starts',
      { date: '2026-03-05', startMinutes: 480, endMinutes: 540 },
      undefined,
    ],
    [
      'a window that starts as another ends',
      { date: '2026-03-05', startMinutes: 660, endMinutes: 780 },
      undefined,
    ],
    [
      'the same times on another date',
      { date: '2026-03-07', startMinutes: 540, endMinutes: 660 },
      undefined,
    ],
    [
      'a log being edited against itself',
      { id: 1, date: '2026-03-05', startMinutes: 540, endMinutes: 600 },
      undefined,
    ],
    [
      'a log being edited against another',
      { id: 1, date: '2026-03-05', startMinutes: 850, endMinutes: 960 },
      2,
    ],
  ])('with %s finds log %j', (_, candidate, expectedId) => {
    expect(findOverlappingLog(candidate, existing)?.id).toBe(expectedId);
  });
});

describe('overlapMessage', () => {
  it('names the other log by its US date and times', () => {
    expect(overlapMessage({ date: '2026-03-05', startMinutes: 540, endMinutes: 660 })).toBe(
      'This entry overlaps your log of 3/5/2026, 09:00–11:00.',
    );
  });
});
