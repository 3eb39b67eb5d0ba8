import { taskVersionOf } from '../reference/task-lists';

/** Logs dated after this day that still name 5th-edition tasks get the legacy notice (SPEC §9). */
export const LEGACY_TASKS_CUTOFF = '2025-01-01';

/** The legacy notice, word for word from SPEC §2 (/student/monthly-document). */
export const LEGACY_TASKS_NOTICE =
  "This log contains tasks from the 5th Edition Task List. As of 2025, all tasks should follow the BACB's 6th Edition Test Content Outline. Please update your log to the current version or consult your supervisor regarding legacy data.";

/** How long the edit screen waits before showing the notice (SPEC §2, §9). */
export const LEGACY_NOTICE_DELAY_MS = 300;

/** Dated after 2025-01-01 (the cutoff itself does not count), with a 5th-edition (`A-1`) task. */
export function needsLegacyNotice(log: {
  dateOfExperience: string;
  taskIds: readonly string[];
}): boolean {
  if (!(log.dateOfExperience > LEGACY_TASKS_CUTOFF)) return false;
  return log.taskIds.some((id) => taskVersionOf(id) === 'v5');
}
