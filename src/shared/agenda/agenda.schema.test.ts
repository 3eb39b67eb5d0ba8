import { describe, expect, it } from 'vitest';
import {
  AGENDA_MESSAGES,
  AgendaFormSchema,
  MonthlyDocumentPostSchema,
  MonthlyDocumentSchema,
  type MonthlyDocumentInput,
} from './agenda.schema';

const minimal: MonthlyDocumentInput = {
  date: '2026-03-12',
  supervisor: 4,
  startTime: '09:00',
  endTime: '10:30',
};

const issuesOf = (input: unknown) => {
  const result = MonthlyDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('MonthlyDocumentSchema (SPEC §3 "Monthly document data")', () => {
  it('fills the sections left out with unticked boxes, blank text and empty lists', () => {
    const doc = MonthlyDocumentSchema.parse(minimal);
    expect(doc).toEqual({
      ...minimal,
      supervisee: '',
      format: '',
      fieldHoursCheck: false,
      supervisedFieldwork: false,
      practicum: false,
      intensivePracticum: false,
      superviseeCheck: false,
      superviseeFeedback: '',
      observationChecK: false,
      observationDate: null,
      skills: [],
      observationFeedback: '',
      clinicalPracticeCheck: false,
      type: '',
      completed: false,
      notCompleted: false,
      inPerson: false,
      online: false,
      clinicalPracticeFeedback: '',
      taskListReviewCheck: false,
      tasks: [],
    });
  });

  it('keeps the contract’s field names, observationChecK included', () => {
    const doc = MonthlyDocumentSchema.parse({
      ...minimal,
      observationChecK: true,
      observationDate: '2026-03-10',
      skills: ['A.1', 'E-10'],
      tasks: [{ name: 'A.1', canDemonstrate: true, feedback: '  Good  ' }],
    });
    expect(doc.observationChecK).toBe(true);
    expect(doc.observationDate).toBe('2026-03-10');
    expect(doc.skills).toEqual(['A.1', 'E-10']);
    expect(doc.tasks).toEqual([
      { name: 'A.1', canDemonstrate: true, canExplain: false, feedback: 'Good', review: false },
    ]);
  });

  it('reads a blank observation date as no date', () => {
    expect(MonthlyDocumentSchema.parse({ ...minimal, observationDate: '' }).observationDate).toBe(
      null,
    );
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a start time that is not a time', { startTime: '9am' }, 'startTime', AGENDA_MESSAGES.time],
    ['an end before the start', { endTime: '08:59' }, 'endTime', AGENDA_MESSAGES.endBeforeStart],
    ['an end equal to the start', { endTime: '09:00' }, 'endTime', AGENDA_MESSAGES.endBeforeStart],
    ['a date that does not exist', { date: '2026-02-30' }, 'date', '⋆Invalid date'],
    ['a supervisor that is not an id', { supervisor: 'abc' }, 'supervisor', 'Not a valid id'],
    [
      'a line break in the supervisee’s name (issue 36)',
      { supervisee: 'Tara\r\nTrainee' },
      'supervisee',
      'Must be one line, without control characters',
    ],
  ])('refuses %s', (_, change, field, message) => {
    expect(issuesOf({ ...minimal, ...change })).toEqual([[field, message]]);
  });

  it('refuses control characters in feedback and overlong text', () => {
    expect(issuesOf({ ...minimal, superviseeFeedback: 'a\u0000b' }).map(([f]) => f)).toEqual([
      'superviseeFeedback',
    ]);
    expect(issuesOf({ ...minimal, observationFeedback: 'x'.repeat(5001) }).map(([f]) => f)).toEqual(
      ['observationFeedback'],
    );
  });
});

describe('MonthlyDocumentPostSchema (POST /api/v1/monthy-log/)', () => {
  const { supervisor: _record, ...withoutRecord } = minimal;

  it('names the trainee by u_id and may leave the supervisor record to the server', () => {
    const doc = MonthlyDocumentPostSchema.parse({ ...withoutRecord, u_id: '12' });
    expect(doc.u_id).toBe(12);
    expect(doc.supervisor).toBeUndefined();
  });

  it('needs the trainee and keeps the end-after-start rule', () => {
    const result = MonthlyDocumentPostSchema.safeParse({ ...withoutRecord, endTime: '08:00' });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual([
      'u_id',
    ]);
    const backwards = MonthlyDocumentPostSchema.safeParse({
      ...withoutRecord,
      u_id: 12,
      endTime: '08:00',
    });
    expect(backwards.success ? [] : backwards.error.issues.map((i) => i.message)).toEqual([
      AGENDA_MESSAGES.endBeforeStart,
    ]);
  });
});

describe('AgendaFormSchema (the supervisor’s form)', () => {
  it('asks for neither the supervisor record nor the accrued figures', () => {
    const { supervisor: _record, ...typed } = minimal;
    expect(AgendaFormSchema.safeParse(typed).success).toBe(true);
    expect(AgendaFormSchema.safeParse({ ...typed, endTime: '09:00' }).success).toBe(false);
  });
});
