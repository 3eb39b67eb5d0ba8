import { formatTime, formatUsDate } from './time';

/** The part of a log that can overlap another: its date and time window. */
export type LogWindow = {
  date: string;
  /** Minutes since midnight. */
  startMinutes: number;
  endMinutes: number;
  /** The log's own id, so that editing a log never finds it overlapping itself. */
  id?: number | undefined;
};

/**
 * The first of `others` whose time overlaps the candidate's on the same date, or undefined.
 * Windows are half-open: a log ending at 11:00 and one starting at 11:00 do not overlap.
 */
export function findOverlappingLog<T extends LogWindow>(
  candidate: LogWindow,
  others: readonly T[],
): T | undefined {
  return others.find(
    (other) =>
      other.date === candidate.date &&
      (candidate.id === undefined || other.id !== candidate.id) &&
      other.startMinutes < candidate.endMinutes &&
      candidate.startMinutes < other.endMinutes,
  );
}

/** 'This entry overlaps your log of 3/5/2026, 09:00–11:00.' */
export function overlapMessage(other: LogWindow): string {
  const times = `${formatTime(other.startMinutes)}–${formatTime(other.endMinutes)}`;
  return `This entry overlaps your log of ${formatUsDate(other.date)}, ${times}.`;
}
