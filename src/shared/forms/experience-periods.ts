import { nextMonth } from '../progress/deadline';

/*
 * A structure's supervision experiences (issue 38). BCBA Handbook (updated 01/2026), "Fieldwork
 * Verification Forms": "Taking a break from accruing fieldwork under the same supervision
 * contract constitutes a new supervision experience." Each experience has its own F-FVF.
 */

/** One experience: a run of consecutive calendar months with hours ('YYYY-MM'). */
export type ExperiencePeriod = {
  firstMonth: string;
  /** Its last month with hours (the running month, while it has some). */
  lastMonth: string;
  /** Its last month with hours that is over; null while its only month is still running. */
  lastMonthOver: string | null;
};

/**
 * A structure's experiences, oldest first: maximal runs of consecutive months with hours. A
 * calendar month without hours ends one; the running month, while it has none, ends nothing yet.
 */
export function experiencePeriods(
  monthsWithHours: readonly string[],
  runningMonth: string,
): ExperiencePeriod[] {
  const months = [...new Set(monthsWithHours)].sort();
  const runs: string[][] = [];
  for (const month of months) {
    const run = runs.at(-1);
    if (run && nextMonth(run.at(-1) ?? '') === month) run.push(month);
    else runs.push([month]);
  }
  return runs.map((run) => {
    const over = run.filter((month) => month < runningMonth);
    return {
      firstMonth: run[0] ?? '',
      lastMonth: run.at(-1) ?? '',
      lastMonthOver: over.at(-1) ?? null,
    };
  });
}

/** Months without hours inside a period, and the months with hours around them in it. */
export type PeriodBreak = {
  fromMonth: string;
  toMonth: string;
  /** The period's last month with hours before the break; null when the period starts with it. */
  before: string | null;
  /** The period's first month with hours after it; null when the period ends with it. */
  after: string | null;
};

/**
 * The first break in a period of one F-FVF: months without hours under the structure. A period
 * is one experience, so it starts and ends with hours and has none missing; null when it is (or
 * when no month of it has hours: nothing to count, another refusal).
 */
export function periodBreak(
  monthsWithHours: readonly string[],
  fromMonth: string,
  toMonth: string,
): PeriodBreak | null {
  const withHours = new Set(monthsWithHours);
  let before: string | null = null;
  let gap: string[] = [];
  let hasAny = false;
  for (let month = fromMonth; month <= toMonth; month = nextMonth(month)) {
    if (!withHours.has(month)) {
      gap.push(month);
      continue;
    }
    hasAny = true;
    if (gap.length > 0) return { ...ends(gap), before, after: month };
    before = month;
    gap = [];
  }
  return hasAny && gap.length > 0 ? { ...ends(gap), before, after: null } : null;
}

const ends = (gap: readonly string[]) => ({ fromMonth: gap[0] ?? '', toMonth: gap.at(-1) ?? '' });

/**
 * Live final forms placed on the experiences their periods overlap. A form over several (filled
 * before this rule) joins them into one row; a form over none (its hours gone) is a row alone.
 */
export function experienceRows<F extends { fromMonth: string; toMonth: string }>(
  experiences: readonly ExperiencePeriod[],
  forms: readonly F[],
): { experience: ExperiencePeriod | null; forms: F[] }[] {
  const rows: { experience: ExperiencePeriod | null; forms: F[] }[] = [];
  for (const experience of experiences) {
    const theirs = forms.filter(
      (form) => form.fromMonth <= experience.lastMonth && form.toMonth >= experience.firstMonth,
    );
    const last = rows.at(-1);
    if (last?.experience && last.forms.some((form) => theirs.includes(form))) {
      last.experience = {
        ...experience,
        firstMonth: last.experience.firstMonth,
        lastMonthOver: experience.lastMonthOver ?? last.experience.lastMonthOver,
      };
      last.forms.push(...theirs.filter((form) => !last.forms.includes(form)));
    } else {
      rows.push({ experience, forms: theirs });
    }
  }
  const placed = new Set(rows.flatMap((row) => row.forms));
  for (const form of forms) {
    if (!placed.has(form)) rows.push({ experience: null, forms: [form] });
  }
  return rows;
}
