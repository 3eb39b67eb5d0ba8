import { organizationName, subjectKey } from '../../../shared/supervisors/form-subject';
import type { TraineeSupervisorRow } from '../supervisors';

/*
 * Whom one official form covers (issue 26): a supervisor record of its own (an Individual
 * form), or every record of the trainee at one organization (an Organization form: one M-FVF per
 * organization, month and fieldwork type, one F-FVF per organization and period, with the hours
 * of every supervisor there, signed by the responsible one). A record's `organization` says
 * which; records whose organization reads the same, ignoring case and spaces, are one, named as
 * the trainee first wrote it (their earliest record there), whatever the supervisors' names.
 */

export type FormSubject = {
  /** `subjectKey`: 'r12' for a record of its own, 'o:acme aba' for an organization. */
  key: string;
  /** The organization as its earliest record spells it; '' for an individual form. */
  organization: string;
  records: TraineeSupervisorRow[];
};

/** The trainee's form subjects, from their supervisor records (in the records' order). */
export function formSubjects(records: readonly TraineeSupervisorRow[]): FormSubject[] {
  const subjects = new Map<string, FormSubject & { namedBy: number }>();
  for (const record of records) {
    const key = subjectKey(record);
    const subject = subjects.get(key);
    if (!subject) {
      const organization = organizationName(record.organization);
      subjects.set(key, { key, organization, records: [record], namedBy: record.id });
      continue;
    }
    subject.records.push(record);
    if (record.id < subject.namedBy) {
      subject.organization = organizationName(record.organization);
      subject.namedBy = record.id;
    }
  }
  return [...subjects.values()].map(({ namedBy: _namedBy, ...subject }) => subject);
}

/** The subject a record belongs to. */
export function subjectOf(
  subjects: readonly FormSubject[],
  recordId: number,
): FormSubject | undefined {
  return subjects.find((subject) => subject.records.some((record) => record.id === recordId));
}

/** A record's name as the forms write it. */
export const recordName = (record: Pick<TraineeSupervisorRow, 'name' | 'lastname'>) =>
  [record.name, record.lastname].filter(Boolean).join(' ');
