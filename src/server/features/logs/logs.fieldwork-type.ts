import { fieldworkTypeConflict, type TypedLog } from '../../../shared/logs/one-type-per-structure';
import type { ExperienceTypeId } from '../../../shared/reference/lookups';
import {
  formSubjects,
  recordName,
  subjectKey,
  subjectOf,
} from '../../../shared/supervisors/form-subject';

/** A log by its supervisor record, as the preflight and the import read them. */
export type RecordTypedLog = { date: string; recordId: number; experienceTypeId: ExperienceTypeId };

export type StructureRecord = { id: number; name: string; lastname: string; organization: string };

type Candidate = { id?: number | undefined; date: string; experienceTypeId: ExperienceTypeId };

/**
 * `fieldworkTypeConflict` over the trainee's records: a log's structure is its record's form
 * subject. A record not among them (made with this entry) holds nothing yet.
 */
export function typeConflictJudge(records: readonly StructureRecord[]) {
  const subjects = formSubjects(records);
  const structureOf = (recordId: number) =>
    subjectOf(subjects, recordId)?.key ?? subjectKey({ id: recordId, organization: '' });
  return (
    entry: Candidate,
    recordId: number | null,
    logs: readonly RecordTypedLog[],
  ): string | null => {
    const subject = recordId === null ? undefined : subjectOf(subjects, recordId);
    if (!subject) return null;
    const [first] = subject.records;
    const structureName = subject.organization || (first ? recordName(first) : '');
    const typed: TypedLog[] = logs.map((log) => ({ ...log, structure: structureOf(log.recordId) }));
    return fieldworkTypeConflict({ ...entry, structure: subject.key, structureName }, typed);
  };
}

/** A stored type id as the rule reads it (1 or 2; the schema writes no other). */
export const storedType = (id: number): ExperienceTypeId => (id === 2 ? 2 : 1);
