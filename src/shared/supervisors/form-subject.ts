/*
 * Whom one official form covers (issue 26, decision 024): a record of its own (Individual form),
 * or all the trainee's records at one organization (Organization form, with every supervisor's
 * hours, signed by the responsible one). Organizations match ignoring case and spaces, named as
 * the earliest record spells it. The SQL twin is progress's `organizationKeySql`.
 */

/** An organization's name as people read it: trimmed, its runs of spaces made one. */
export const organizationName = (organization: string) => organization.trim().replace(/\s+/g, ' ');

/** An organization's name as records are compared: case and spacing do not matter. */
export const organizationKey = (organization: string) =>
  organizationName(organization).toLowerCase();

type SubjectRecord = { id: number; organization: string };

/** The form subject of a record: 'r12' for a record of its own, 'o:acme aba' for an organization. */
export function subjectKey(record: SubjectRecord): string {
  const org = organizationKey(record.organization);
  return org === '' ? `r${record.id}` : `o:${org}`;
}

/** Whether a subject key (`subjectKey`) names an organization. */
export const isOrganizationKey = (key: string) => key.startsWith('o:');

export type FormSubject<R extends SubjectRecord> = {
  key: string;
  /** The organization as its earliest record spells it; '' for an individual form. */
  organization: string;
  records: R[];
};

/** The trainee's form subjects, from their supervisor records (in the records' order). */
export function formSubjects<R extends SubjectRecord>(records: readonly R[]): FormSubject<R>[] {
  const subjects = new Map<string, FormSubject<R> & { namedBy: number }>();
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

export function subjectOf<R extends SubjectRecord>(
  subjects: readonly FormSubject<R>[],
  recordId: number,
): FormSubject<R> | undefined {
  return subjects.find((subject) => subject.records.some((record) => record.id === recordId));
}

/** A record's name as the forms write it. */
export const recordName = (record: { name: string; lastname: string }) =>
  [record.name, record.lastname].filter(Boolean).join(' ');
