import { addDays } from '../logs/time';

// SPEC §2: "the weekly document matching the ISO week of the selected range start is picked".

const MS_PER_DAY = 86_400_000;

/** ISO week 'YYYY-Www' (Monday start; week 1 holds the first Thursday: 2027-01-01 → '2026-W53'). */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay() || 7; // Monday 1 … Sunday 7
  const thursday = addDays(date, 4 - day); // the week's Thursday names its year
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = (Date.parse(`${thursday}T00:00:00Z`) - Date.UTC(year, 0, 1)) / MS_PER_DAY;
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, '0')}`;
}

type Dated = { id: number; date: string };

/**
 * The agenda of `rangeStart`'s ISO week (the latest, by date then id), else the range's latest, so
 * a month with agendas never opens on an empty page; `isWeekMatch` says which.
 */
export function pickWeeklyDocument<T extends Dated>(
  documents: readonly T[],
  rangeStart: string,
): { document: T; isWeekMatch: boolean } | null {
  const latestFirst = [...documents].sort((a, b) =>
    a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1,
  );
  const week = isoWeekOf(rangeStart);
  const inWeek = latestFirst.find((doc) => isoWeekOf(doc.date) === week);
  if (inWeek) return { document: inWeek, isWeekMatch: true };
  const latest = latestFirst[0];
  return latest ? { document: latest, isWeekMatch: false } : null;
}
