/** The times a log's hours are computed from, in minutes of the day. */
export type LogTimes = {
  start: number;
  end: number;
  /** The unrestricted part of the experience, in minutes (the trainee enters it). */
  unrestrictedMinutes: number;
  supervisionStart?: number | null;
  supervisionEnd?: number | null;
  /** False for 'No supervision': the supervision times are then ignored. */
  isSupervised: boolean;
};

export type LogHours = {
  experienceMinutes: number;
  restrictedMinutes: number;
  supervisedMinutes: number;
  independentMinutes: number;
};

/**
 * A log's computed fields (SPEC §4 "Computed, read-only fields"). Actual hours: the ×1.33 factor
 * is applied only to progress (BACB-RULES "How hours are counted"), never here. The log-entry
 * schema rejects times that would make a figure negative.
 */
export function computeLogHours(times: LogTimes): LogHours {
  const { supervisionStart, supervisionEnd } = times;
  const experienceMinutes = times.end - times.start;
  const supervisedMinutes =
    times.isSupervised && supervisionStart != null && supervisionEnd != null
      ? supervisionEnd - supervisionStart
      : 0;
  return {
    experienceMinutes,
    restrictedMinutes: experienceMinutes - times.unrestrictedMinutes,
    supervisedMinutes,
    independentMinutes: experienceMinutes - supervisedMinutes,
  };
}
