import { describe, expect, it } from 'vitest';
import { formSubjects, subjectOf } from './form-subject';

/** A trainee's supervisor record, as much of it as subjects read. */
const record = (id: number, name: string, organization: string) => ({ id, name, organization });

describe('formSubjects (Handbook "Fieldwork Verification Forms": an Individual or a Multiple Supervisors at One Organization M-FVF)', () => {
  it('makes one subject of the records at one organization, however it is spelled', () => {
    // The repository lists records by name: Lee's (added later) comes before Rhea's.
    const subjects = formSubjects([
      record(12, 'Lee Park', ' acme  aba '),
      record(13, 'Nia Solo', ''),
      record(11, 'Rhea Rowan', 'Acme ABA'),
    ]);
    expect(subjects.map((subject) => subject.key)).toEqual(['o:acme aba', 'r13']);
    expect(subjects[0]?.records.map((item) => item.id)).toEqual([12, 11]);
    expect(subjectOf(subjects, 11)).toBe(subjectOf(subjects, 12));
    expect(subjects[1]?.organization).toBe('');
  });

  it('names an organization as the trainee first wrote it, whatever the supervisors’ names', () => {
    const [first] = formSubjects([
      record(12, 'Lee Park', ' acme  aba '),
      record(11, 'Rhea Rowan', 'Acme ABA'),
    ]);
    expect(first?.organization).toBe('Acme ABA');
    const [alone] = formSubjects([record(12, 'Lee Park', ' acme  aba ')]);
    expect(alone?.organization).toBe('acme aba');
  });
});
