import { formatTime, formatUsDate } from './time';

export type LogWindow = {
  date: string;
  /** Minutes since midnight. */
  startMinutes: number;
  endMinutes: number;
  /** The log's own id, so that editing a log never finds it overlapping itself. */
  id?: number | undefined;
};

/** The first of `others` overlapping on the same date; half-open: 11:00 end and 11:00 start do not. */
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
