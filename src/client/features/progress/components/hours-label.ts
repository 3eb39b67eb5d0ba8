import { formatHoursGrouped } from '../../../../shared/logs/time';

/**
 * Decimal hours as the dashboard shows them: to the nearest 0.25 (BACB-RULES "How hours are
 * counted") with thousands separated, e.g. 1234.6 → '1,234.5'.
 */
export const hoursLabel = formatHoursGrouped;

/** First letter upper-cased: the server's removal reasons are written to follow a colon. */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Text colours for what counts, darker than Mantine's green.9 and orange.9 (4.4:1 and 4.3:1 on
 * white) so they pass WCAG AA (4.5:1) on white and on the light orange and teal fills.
 */
export const COUNT_TEXT_COLORS = {
  /** Every hour counts. */
  all: '#1e6b30',
  /** Some hours are removed. */
  some: '#9c3d00',
  /** The month counts nothing, or a limit is broken. */
  none: '#a61e1e',
} as const;
