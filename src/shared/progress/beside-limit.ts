import { roundToQuarterHour } from '../logs/time';

/** A requirement's limit: a minimum the figure must reach, or a maximum it must not pass. */
export type Limit = { value: number; bound: 'min' | 'max' };

/** Past this, a float's last digits are noise; no integer-minute ratio needs as many. */
const MAX_DECIMALS = 8;

const meets = (figure: number, limit: Limit) =>
  limit.bound === 'min' ? figure >= limit.value : figure <= limit.value;

const roundTo = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A figure beside a limit, rounded to `decimals`, with more only when rounding would flip the
 * comparison (6 supervised hours of 121 are 4.958…%: '4.96', never '5.0', beside a 5% minimum).
 */
export function figureBesideLimit(value: number, limit: Limit, decimals: number): string {
  const isMet = meets(value, limit);
  for (let places = decimals; places < MAX_DECIMALS; places += 1) {
    const shown = roundTo(value, places);
    if (meets(shown, limit) === isMet) return shown.toFixed(places);
  }
  // Only a failing figure can round onto its limit: cut it away from the limit instead.
  const scale = 10 ** MAX_DECIMALS;
  const awayFromLimit = limit.bound === 'min' ? Math.floor : Math.ceil;
  return (awayFromLimit(value * scale) / scale).toFixed(MAX_DECIMALS);
}

/** A percentage beside its limit: one decimal (BACB-RULES), more if one would flip it ('4.96%'). */
export function formatPercentBesideLimit(percent: number, limit: Limit): string {
  return `${figureBesideLimit(percent, limit, 1)}%`;
}

/** Hours beside a limit: nearest 0.25 (BACB-RULES), more decimals if the quarter would flip it. */
export function formatHoursBesideLimit(hours: number, limit: Limit): string {
  const quarter = roundToQuarterHour(hours);
  if (meets(quarter, limit) === meets(hours, limit)) return String(quarter);
  // Hours drop trailing zeros, as the quarter-hour figures do ('19.9', not '19.90').
  return String(Number(figureBesideLimit(hours, limit, 2)));
}
