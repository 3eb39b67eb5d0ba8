import { formatPercent, roundToQuarterHour } from '../../../../shared/logs/time';
import type { MonthValidation } from '../../../../shared/progress/month-validation.schema';
import {
  figureBesideLimit,
  formatHoursBesideLimit,
  formatPercentBesideLimit,
  type Limit,
} from '../../../../shared/progress/beside-limit';

/** One requirement check as the API sends it. */
export type MonthlyCheckWire = MonthValidation['types'][number]['checks'][number];

/** An amount in the check's unit: hours to 0.25, percentages to one decimal (SPEC §9). */
export function formatCheckAmount(value: number, unit: MonthlyCheckWire['unit']): string {
  switch (unit) {
    case 'hours':
      return `${roundToQuarterHour(value)} h`;
    case 'percent':
      return formatPercent(value);
    case 'minutes':
      return `${Math.round(value)} min`;
    case 'count':
      return String(value);
  }
}

/** The check's limit: the monthly maximum caps; every other requirement is a minimum. */
function limitOf(check: MonthlyCheckWire): Limit | null {
  if (check.required === null) return null;
  return { value: check.required, bound: check.key === 'total-max' ? 'max' : 'min' };
}

/** What the check asks for: '≥ 20 h', '≤ 130 h', or 'No minimum'. */
export function formatRequired(check: MonthlyCheckWire): string {
  const limit = limitOf(check);
  if (limit === null) return 'No minimum';
  return `${limit.bound === 'max' ? '≤' : '≥'} ${formatCheckAmount(limit.value, check.unit)}`;
}

/**
 * What the month has, beside what the check asks for: rounded as `formatCheckAmount` rounds,
 * unless that would put it on the other side of the limit (4.96%, not 5.0%, beside ≥ 5.0%).
 */
export function formatActual(check: MonthlyCheckWire): string {
  const limit = limitOf(check);
  if (limit === null) return formatCheckAmount(check.actual, check.unit);
  switch (check.unit) {
    case 'hours':
      return `${formatHoursBesideLimit(check.actual, limit)} h`;
    case 'percent':
      return formatPercentBesideLimit(check.actual, limit);
    case 'minutes':
      return `${figureBesideLimit(check.actual, limit, 0)} min`;
    case 'count':
      return String(check.actual);
  }
}
