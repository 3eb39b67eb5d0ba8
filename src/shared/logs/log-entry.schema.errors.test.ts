import { describe, expect, it } from 'vitest';
import { createLogPayload, errorsOf } from './log-entry.factory';
import { makeLogEntrySchema, type LogEntryWire } from './log-entry.schema';

const schema = makeLogEntrySchema({ today: '2026-03-05' });
const errors = (overrides: Partial<LogEntryWire>) => errorsOf(schema, createLogPayload(overrides));

const REQUIRED = '⋆Required';

describe('makeLogEntrySchema: required fields', () => {
  it.each<keyof LogEntryWire>([
    'expereince_type',
    'setting',
    'supervisor',
    'date_of_experience',
    'time_of_expereince_start',
    'time_of_expereince_end',
    'unrestricted_hours',
    'restricted_hours',
    'experience_hours',
    'individual_or_group',
    'method_of_supervision',
    'supervision_start_time',
    'supervision_end_time',
    'supervised_hours',
    'independant_hours',
    'client_observation',
    'supervision_contact',
    'experience_note',
  ])('requires %s', (field) => {
    for (const empty of ['', null, undefined]) {
      expect(errors({ [field]: empty })).toEqual({ [field]: [REQUIRED] });
    }
  });

  it.each<[keyof LogEntryWire, unknown]>([
    ['expereince_type', 0],
    ['setting', '0'],
    ['supervisor', -3],
    ['supervision_contact', 0],
  ])('requires %s to be greater than 0 (%j is not)', (field, value) => {
    expect(errorsOf(schema, { ...createLogPayload(), [field]: value })).toEqual({
      [field]: [REQUIRED],
    });
  });

  it.each([[[]], [null], [['', '  ']]])('requires at least one task (%j)', (task) => {
    expect(errors({ task })).toEqual({ task: [REQUIRED] });
  });

  it('requires an experience note that is more than spaces', () => {
    expect(errors({ experience_note: '   ' })).toEqual({ experience_note: [REQUIRED] });
  });

  it('treats an empty number input (NaN) as not filled in', () => {
    expect(errors({ unrestricted_hours: Number.NaN })).toEqual({ unrestricted_hours: [REQUIRED] });
  });

  it('reports every missing field of an empty payload at once', () => {
    expect(errorsOf(schema, {})).toEqual({
      expereince_type: [REQUIRED],
      setting: [REQUIRED],
      supervisor: [REQUIRED],
      date_of_experience: [REQUIRED],
      time_of_expereince_start: [REQUIRED],
      time_of_expereince_end: [REQUIRED],
      unrestricted_hours: [REQUIRED],
      restricted_hours: [REQUIRED],
      experience_hours: [REQUIRED],
      individual_or_group: [REQUIRED],
      task: [REQUIRED],
      experience_note: [REQUIRED],
    });
  });
});

describe('makeLogEntrySchema: a new supervisor', () => {
  it.each<[Partial<LogEntryWire>, Record<string, string[]>]>([
    [{ newSupervisor: 'Dana Reyes', newSupervisorEmail: '' }, { newSupervisorEmail: [REQUIRED] }],
    [{ newSupervisor: '', newSupervisorEmail: 'dana@example.org' }, { newSupervisor: [REQUIRED] }],
    [
      { newSupervisor: 'Dana Reyes', newSupervisorEmail: 'dana@example' },
      { newSupervisorEmail: ['Invalid email format'] },
    ],
    [{ newSupervisor: 'Dana Reyes', newSupervisorEmail: 'dana@example.org' }, {}],
  ])('does not need the supervisor id when adding one: %j', (overrides, expected) => {
    expect(errors({ supervisor: null, ...overrides })).toEqual(expected);
  });
});

describe('makeLogEntrySchema: values', () => {
  it.each<[Partial<LogEntryWire>, Record<string, string[]>]>([
    [{ date_of_experience: '2026-02-30' }, { date_of_experience: ['⋆Invalid date'] }],
    [{ date_of_experience: '0999-12-31' }, { date_of_experience: ['⋆Invalid date'] }],
    [{ date_of_experience: '03/05/2026' }, { date_of_experience: ['⋆Invalid date'] }],
    [
      { date_of_experience: '2026-03-07' },
      { date_of_experience: ['Date of experience cannot be in the future'] },
    ],
    [{ time_of_expereince_start: '9am' }, { time_of_expereince_start: ['⋆Invalid time'] }],
    [{ supervision_end_time: '11:75' }, { supervision_end_time: ['⋆Invalid time'] }],
    [{ setting: 'clinic' }, { setting: ['Must be a number'] }],
    [{ setting: 2.5 }, { setting: ['Must be a whole number'] }],
    [{ experience_hours: 'three' }, { experience_hours: ['Must be a number'] }],
    [{ expereince_type: 3 }, { expereince_type: ['Unknown experience type'] }],
    [{ supervision_contact: 99 }, { supervision_contact: ['Unknown supervision contact'] }],
    [
      { individual_or_group: 'Both' },
      { individual_or_group: ['Choose Individual, Group or No supervision'] },
    ],
    [
      { method_of_supervision: 'Phone' },
      { method_of_supervision: ['Choose In Person or Virtual'] },
    ],
    [{ client_observation: 'yes' }, { client_observation: ['Choose Yes or No'] }],
    [
      { task: ['A.1', 'Z.9', 'hello'] },
      { task: ['Unknown task id: Z.9', 'Unknown task id: hello'] },
    ],
    [
      { experience_note: 'x'.repeat(5001) },
      { experience_note: ['Must be at most 5000 characters'] },
    ],
  ])('rejects %j', (overrides, expected) => {
    expect(errors(overrides)).toEqual(expected);
  });

  it.each<keyof LogEntryWire>([
    'unrestricted_hours',
    'restricted_hours',
    'experience_hours',
    'supervised_hours',
    'independant_hours',
  ])('rejects negative %s', (field) => {
    expect(errors({ [field]: -0.25 })).toEqual({ [field]: ['Hours cannot be negative'] });
    expect(errors({ [field]: '-1' })).toEqual({ [field]: ['Hours cannot be negative'] });
  });

  it('rejects a payload whose types are wrong with the field named', () => {
    expect(errorsOf(schema, { ...createLogPayload(), task: 'A.1' })).toEqual({
      task: ['Must be a list of task ids'],
    });
  });
});

describe('makeLogEntrySchema: time windows', () => {
  it.each<[string, Partial<LogEntryWire>, Record<string, string[]>]>([
    [
      'an end time before the start time',
      { time_of_expereince_start: '12:00', time_of_expereince_end: '09:00' },
      { time_of_expereince_end: ['End time must be after start time'] },
    ],
    [
      'an end time equal to the start time',
      { time_of_expereince_end: '09:00' },
      { time_of_expereince_end: ['End time must be after start time'] },
    ],
    [
      'unrestricted hours above the experience hours',
      { unrestricted_hours: 3.25 },
      { unrestricted_hours: ['Unrestricted hours cannot be more than experience hours'] },
    ],
    [
      'a supervision end before its start',
      { supervision_start_time: '11:00', supervision_end_time: '10:30' },
      { supervision_end_time: ['Supervision end time must be after supervision start time'] },
    ],
    [
      'supervision starting before the experience',
      { supervision_start_time: '08:30', supervision_end_time: '10:00', supervised_hours: 1.5 },
      {
        supervision_end_time: ['Supervision duration cannot exceed experience duration.'],
        supervision_start_time: ['Supervision cannot start before the experience starts'],
      },
    ],
    [
      'supervision ending after the experience',
      { supervision_start_time: '11:30', supervision_end_time: '12:30', supervised_hours: 1 },
      { supervision_end_time: ['Supervision cannot end after the experience ends'] },
    ],
    [
      'supervised hours longer than the supervision window',
      { supervised_hours: 1.5 },
      { supervised_hours: ['Value cannot be more than 1 hours and 0 minutes'] },
    ],
    [
      'supervised hours a few minutes over a 75-minute window',
      { supervision_end_time: '11:15', supervised_hours: 1.3 },
      { supervised_hours: ['Value cannot be more than 1 hours and 15 minutes'] },
    ],
  ])('rejects %s', (_, overrides, expected) => {
    expect(errors(overrides)).toEqual(expected);
  });

  it('accepts supervised hours shorter than the window and supervision filling the experience', () => {
    expect(errors({ supervised_hours: 0.5 })).toEqual({});
    expect(
      errors({
        supervision_start_time: '09:00',
        supervision_end_time: '12:00',
        supervised_hours: 3,
      }),
    ).toEqual({});
  });
});
