import { formatHours } from '../logs/time';

/** One month (and fieldwork type) of the record: logged, approved, and what counts of it. */
export type MonthHours = {
  rawMinutes: number;
  approvedMinutes: number;
  countedMinutes: number;
  /** Of the raw minutes, those under a form unsigned after its deadline (at risk). */
  atRiskMinutes?: number;
  /** Counted minutes of a month outside the five-year window (then `countedMinutes` is 0). */
  outsideWindowMinutes?: number;
};

/**
 * The one reading of hours so far (issue 28), on dashboard and plan: every logged hour whatever its
 * status (approval is the supervisor's review; the BACB reads the monthly requirements and forms),
 * and of those the hours that count (src/shared/progress/adjusted-hours.ts).
 */
export type HoursSoFar = {
  loggedMinutes: number;
  /** Logged, not approved yet (pending or flagged). */
  awaitingApprovalMinutes: number;
  countedMinutes: number;
  /** Of the uncounted hours, those under a form unsigned after its deadline: at risk, not lost. */
  atRiskMinutes?: number;
  /** Of the uncounted hours, those of months outside the five-year window (decision 032). */
  outsideWindowMinutes?: number;
};

export function hoursSoFar(months: readonly MonthHours[]): HoursSoFar {
  const sum = (pick: (month: MonthHours) => number) =>
    months.reduce((total, month) => total + pick(month), 0);
  const loggedMinutes = sum((month) => month.rawMinutes);
  return {
    loggedMinutes,
    awaitingApprovalMinutes: Math.max(0, loggedMinutes - sum((month) => month.approvedMinutes)),
    countedMinutes: sum((month) => month.countedMinutes),
    atRiskMinutes: sum((month) => month.atRiskMinutes ?? 0),
    outsideWindowMinutes: sum((month) => month.outsideWindowMinutes ?? 0),
  };
}

const hours = (minutes: number) =>
  `${formatHours(minutes)} ${formatHours(minutes) === '1' ? 'hour' : 'hours'}`;

/** What the figures leave out and why (null when all logged hours count and none await approval). */
export function hoursSoFarNote(soFar: HoursSoFar): string | null {
  const atRisk = Math.max(0, soFar.atRiskMinutes ?? 0);
  const outside = Math.max(0, soFar.outsideWindowMinutes ?? 0);
  const notCounted = Math.max(0, soFar.loggedMinutes - soFar.countedMinutes - atRisk - outside);
  const parts: string[] = [];
  if (notCounted > 0) {
    parts.push(
      `${hours(notCounted)} of the ${hours(soFar.loggedMinutes)} logged ${formatHours(notCounted) === '1' ? 'does' : 'do'} not count: a month ` +
        'that misses a monthly requirement counts fewer hours, or none (each month says why).',
    );
  }
  if (outside > 0) {
    parts.push(
      `${hours(outside)} counted in months outside the five-year window ${formatHours(outside) === '1' ? 'does' : 'do'} not count toward the total ` +
        '(all fieldwork must fall within five continuous years).',
    );
  }
  if (atRisk > 0) {
    parts.push(
      `${hours(atRisk)} ${formatHours(atRisk) === '1' ? 'is' : 'are'} at risk: a monthly form still unsigned after its deadline; ` +
        'they count once a form signed in time is recorded.',
    );
  }
  if (soFar.awaitingApprovalMinutes > 0) {
    parts.push(
      `${hours(soFar.awaitingApprovalMinutes)} await your supervisor's approval and are included: ` +
        'approval does not decide what counts, the monthly requirements and the signed monthly form do.',
    );
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
