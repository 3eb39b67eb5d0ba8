import type { ExperienceTypeId } from '../reference/lookups';
import { LOG_MESSAGES } from './log-messages';
import { monthOf } from './time';

/*
 * BCBA Handbook, "Number of Hours by Fieldwork Type": "Hours can only be accrued under one
 * fieldwork type per month, per supervision structure". A structure is a form subject's key
 * (`subjectKey` in shared/supervisors/form-subject.ts: 'r12', or 'o:acme aba' for an organization).
 */

/** A log as the rule reads it; `id` is an edited log's own, so it never holds a type against itself. */
export type TypedLog = {
  id?: number | undefined;
  date: string;
  structure: string;
  experienceTypeId: ExperienceTypeId;
  isDeleted?: boolean | undefined;
};

/**
 * The message refusing `entry` when another live log of its month and structure holds the other
 * fieldwork type; null when it may be saved. `structureName`: 'Dana Reyes', or 'Acme ABA'.
 */
export function fieldworkTypeConflict(
  entry: TypedLog & { structureName: string },
  logs: readonly TypedLog[],
): string | null {
  const month = monthOf(entry.date);
  const held = logs.find(
    (log) =>
      !log.isDeleted &&
      (entry.id === undefined || log.id !== entry.id) &&
      log.structure === entry.structure &&
      log.experienceTypeId !== entry.experienceTypeId &&
      monthOf(log.date) === month,
  );
  if (!held) return null;
  const structure = entry.structureName;
  return LOG_MESSAGES.oneTypePerStructure({ month, structure, type: held.experienceTypeId });
}
