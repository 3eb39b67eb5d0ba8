import { formatHours } from '../../../../shared/logs/time';

/** Decimal hours from the wire, to the nearest 0.25 as every figure of the app: '109.75'. */
export function planHours(hours: number): string {
  return formatHours(Math.round(hours * 60));
}
