import { describe, expect, it } from 'vitest';
import type { TraineeSupervisorRow } from '../supervisors';
import { formSubjects, subjectOf } from './form-subjects';

/** A trainee's supervisor record as the repository lists it. */
function record(id: number, name: string, organization: string): TraineeSupervisorRow {
  return {
    id,
    traineeId: 7,
    name,
    lastname: '',
    email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
    supervisorUserId: null,
    invitedAt: null,
    organization,
    accessEndedAt: null,
    createdAt: new Date('2026-03-01T12:00:00.000Z'),
  };
}

describe('formSubjects', () => {
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
