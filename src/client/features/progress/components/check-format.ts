import { formatPercent, roundToQuarterHour } from '../../../../shared/logs/time';
import type { MonthValidation } from '../../../../shared/progress/accrued.schema';

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

/** What the check asks for: '≥ 20 h', '≤ 130 h', or 'No minimum'. */
export function formatRequired(check: MonthlyCheckWire): string {
  if (check.required === null) return 'No minimum';
  const bound = check.key === 'total-max' ? '≤' : '≥';
  return `${bound} ${formatCheckAmount(check.required, check.unit)}`;
}
