import { describe, expect, it } from 'vitest';
import {
  appliesTo,
  dayAriaLabel,
  dotColor,
  fieldValue,
  flaggedFields,
  formatLongDate,
  pendingByTrainee,
  statusesByDate,
} from './review-model';
import { createReviewLog } from './review-log.fixture';

const log = createReviewLog;

describe('calendar dots', () => {
  it('gives each day one entry per distinct status, pending first', () => {
    const byDate = statusesByDate([
      { date_of_experience: '2026-03-05', status: 'approved' },
      { date_of_experience: '2026-03-05', status: 'pending' },
      { date_of_experience: '2026-03-05', status: 'approved' },
      { date_of_experience: '2026-03-06', status: 'flagged' },
    ]);
    expect(byDate.get('2026-03-05')).toEqual(['pending', 'approved']);
    expect(byDate.get('2026-03-06')).toEqual(['flagged']);
    expect(byDate.has('2026-03-07')).toBe(false);
  });

  it.each([
    ['pending', 'red'],
    ['approved', 'green'],
    ['flagged', 'green'],
  ] as const)('colours a %s dot %s (SPEC §4)', (status, colour) => {
    expect(dotColor(status)).toBe(colour);
  });

  it('says in words what the dots of a day show', () => {
    expect(dayAriaLabel('5 March 2026', [])).toBe('5 March 2026');
    expect(dayAriaLabel('5 March 2026', ['pending'])).toBe('5 March 2026: pending logs');
    expect(dayAriaLabel('5 March 2026', ['pending', 'flagged', 'approved'])).toBe(
      '5 March 2026: pending, flagged and approved logs',
    );
  });
});

describe('review lists', () => {
  it('groups only the pending logs, by trainee, in order of appearance', () => {
    const groups = pendingByTrainee([
      log({ id: 1, user: { id: 8, name: 'Bo' } }),
      log({ id: 2, status: 'approved' }),
      log({ id: 3 }),
      log({ id: 4, user: { id: 8, name: 'Bo' } }),
      log({ id: 5, status: 'flagged' }),
    ]);
    expect(groups.map((group) => [group.traineeName, group.logs.map((l) => l.id)])).toEqual([
      ['Bo', [1, 4]],
      ['Tara Trainee', [3]],
    ]);
  });

  it('writes a calendar date in words without shifting it by time zone', () => {
    expect(formatLongDate('2026-03-05')).toBe('Thursday, March 5, 2026');
    expect(formatLongDate('2026-01-01')).toBe('Thursday, January 1, 2026');
  });
});

describe('log details', () => {
  it('shows each field of a supervised log as words', () => {
    const entry = log();
    expect(fieldValue(entry, 'setting')).toBe('Clinic');
    expect(fieldValue(entry, 'supervision_start_time')).toBe('10:00');
    expect(fieldValue(entry, 'experience_hours')).toBe('3 h');
    expect(fieldValue(entry, 'supervision_contact')).toBe('Individual meeting');
    expect(fieldValue(entry, 'task')).toBe('B.1');
  });

  it('marks the supervision fields of a log without supervision as not applicable', () => {
    const entry = log({
      individual_or_group: 'No supervision',
      method_of_supervision: null,
      supervision_start_time: null,
      supervised_hours: 0,
    });
    expect(appliesTo(entry, 'method_of_supervision')).toBe(false);
    expect(appliesTo(entry, 'experience_note')).toBe(true);
    expect(fieldValue(entry, 'supervised_hours')).toBe('Not applicable');
    expect(fieldValue(entry, 'individual_or_group')).toBe('No supervision');
  });

  it('lists the flagged fields with their comments, blank comments as none', () => {
    const entry = log({
      status: 'flagged',
      data: {
        setting: { flagged: true, comment: 'It was the school' },
        task: { flagged: true, comment: '  ' },
        experience_note: { flagged: false },
      },
    });
    expect(flaggedFields(entry)).toEqual([
      { field: 'setting', comment: 'It was the school' },
      { field: 'task', comment: null },
    ]);
  });
});
