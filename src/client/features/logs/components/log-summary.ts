import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';
import { formatUsDate } from '../../../../shared/logs/time';

/** A log in a line: '3/5/2026, 09:00–12:00'. */
export function logWhen(
  log: Pick<
    ExperienceLog,
    'date_of_experience' | 'time_of_expereince_start' | 'time_of_expereince_end'
  >,
): string {
  return `${formatUsDate(log.date_of_experience)}, ${log.time_of_expereince_start}–${log.time_of_expereince_end}`;
}

/** SPEC §2's description of a log: 'experience type: setting'. */
export function logDescription(
  log: Pick<ExperienceLog, 'expereince_type_name' | 'setting_name'>,
): string {
  return [log.expereince_type_name, log.setting_name].filter(Boolean).join(': ');
}

const STATUS_DOT_COLORS = { pending: 'yellow.7', approved: 'green.7', flagged: 'red.7' } as const;

/**
 * A status badge's look: the word in dark text (readable at badge size) after a coloured dot, so
 * that colour is never the only sign.
 */
export function statusBadgeProps(status: ExperienceLog['status']) {
  return { variant: 'dot', color: STATUS_DOT_COLORS[status], c: 'dark.8' } as const;
}
