import type { ExperienceTypeId } from '../reference/lookups';
import { formSubjects, recordName, subjectKey, subjectOf } from '../supervisors/form-subject';
import { LOG_MESSAGES } from './log-messages';
import { monthOf } from './time';

/*
 * BCBA Handbook, "Number of Hours by Fieldwork Type": "Hours can only be accrued under one
 * fieldwork type per month, per supervision structure". A structure is a form subject
 * (`subjectKey`): one supervisor record, or every record naming one organization.
 */

/** A log as the rule reads it; `id` is an edited log's own, so it never holds a type against itself. */
export type TypedLog = {
  id?: number | undefined;
  date: string;
  /** The supervisor record the log is under. */
  recordId: number;
  experienceTypeId: ExperienceTypeId;
  isDeleted?: boolean | undefined;
};

export type StructureRecord = { id: number; name: string; lastname: string; organization: string };

/**
 * The message refusing `entry` when another live log of its month and structure has the other
 * fieldwork type; null when the entry may be saved. `records` are the trainee's supervisor records.
 */
export function fieldworkTypeConflict(
  entry: TypedLog,
  logs: readonly TypedLog[],
  records: readonly StructureRecord[],
): string | null {
  const subjects = formSubjects(records);
  const subject = subjectOf(subjects, entry.recordId);
  if (!subject) return null;
  const keyOf = (recordId: number) =>
    subjectOf(subjects, recordId)?.key ?? subjectKey({ id: recordId, organization: '' });
  const month = monthOf(entry.date);
  const held = logs.find(
    (log) =>
      !log.isDeleted &&
      (entry.id === undefined || log.id !== entry.id) &&
      monthOf(log.date) === month &&
      log.experienceTypeId !== entry.experienceTypeId &&
      keyOf(log.recordId) === subject.key,
  );
  if (!held) return null;
  const [record] = subject.records;
  const structure = subject.organization || (record ? recordName(record) : '');
  return LOG_MESSAGES.oneTypePerStructure({ month, structure, type: held.experienceTypeId });
}
