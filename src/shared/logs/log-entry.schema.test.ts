import { describe, expect, it } from 'vitest';
import {
  CLIENT_OBSERVATION_ANSWERS,
  INDIVIDUAL_OR_GROUP,
  LOG_STATUSES,
  makeLogEntrySchema,
  SUPERVISION_METHODS,
} from './log-entry.schema';
import { createLogPayload, PARSED } from './log-entry.factory';

const TODAY = '2026-03-05';
const schema = makeLogEntrySchema({ today: TODAY });

describe('makeLogEntrySchema: a valid entry', () => {
  it('parses the wire payload into minutes with camelCase names', () => {
    expect(schema.parse(createLogPayload())).toEqual(PARSED);
  });

  it('accepts ids and hours sent as numeric strings', () => {
    const payload = createLogPayload({
      expereince_type: '1',
      setting: '2',
      supervisor: '7',
      unrestricted_hours: '2',
      restricted_hours: '1.00',
      experience_hours: '3',
      supervised_hours: '1',
      independant_hours: '2',
      supervision_contact: '3',
    });
    expect(schema.parse(payload)).toEqual(PARSED);
  });

  it('accepts times written with seconds', () => {
    const payload = createLogPayload({
      time_of_expereince_start: '09:00:00',
      supervision_end_time: '11:00:00',
    });
    expect(schema.parse(payload)).toEqual(PARSED);
  });

  it('recomputes the hours instead of trusting the ones the client sent', () => {
    const payload = createLogPayload({
      experience_hours: 99,
      restricted_hours: 50,
      supervised_hours: 0.5,
      independant_hours: 42,
    });
    expect(schema.parse(payload)).toEqual(PARSED);
  });

  it('parses an old concentrated payload with experience hours ×1.33 to the actual hours', () => {
    const payload = createLogPayload({
      expereince_type: 2,
      experience_hours: 3.99,
      restricted_hours: 1.99,
      independant_hours: 2.99,
    });
    expect(schema.parse(payload)).toEqual({ ...PARSED, experienceTypeId: 2 });
  });

  it('clears every supervision field of a No supervision entry, whatever they hold', () => {
    const payload = createLogPayload({
      individual_or_group: 'No supervision',
      method_of_supervision: 'By pigeon',
      supervision_start_time: '25:00',
      supervision_end_time: '',
      supervised_hours: -4,
      independant_hours: null,
      client_observation: 'Maybe',
      observation_hours: 'all of it',
      supervision_contact: 0,
    });
    expect(schema.parse(payload)).toEqual({
      ...PARSED,
      individualOrGroup: 'No supervision',
      methodOfSupervision: null,
      supervisionStartMinute: null,
      supervisionEndMinute: null,
      supervisedMinutes: 0,
      independentMinutes: 180,
      clientObservation: null,
      observationMinutes: null,
      supervisionContactId: null,
    });
  });

  it('links a new supervisor instead of an existing one, lower-casing the email', () => {
    const payload = createLogPayload({
      supervisor: 0,
      newSupervisor: ' Dana Reyes ',
      newSupervisorEmail: 'Dana@Example.org',
    });
    expect(schema.parse(payload)).toEqual({
      ...PARSED,
      traineeSupervisorId: null,
      newSupervisor: { name: 'Dana Reyes', email: 'dana@example.org' },
    });
  });

  it('keeps task ids in order without repeats, 5th-edition ids included', () => {
    const payload = createLogPayload({ task: ['B.2', 'A-1', 'B.2', ' '] });
    expect(schema.parse(payload).taskIds).toEqual(['B.2', 'A-1']);
  });

  it('accepts a date one day ahead of a UTC today, since the trainee may be a time zone ahead', () => {
    expect(
      schema.parse(createLogPayload({ date_of_experience: '2026-03-06' })).dateOfExperience,
    ).toBe('2026-03-06');
  });

  it('refuses the next day when today is the trainee’s own (counted in their zone)', () => {
    const own = makeLogEntrySchema({ today: TODAY, isOwnDay: true });
    expect(own.parse(createLogPayload({ date_of_experience: TODAY })).dateOfExperience).toBe(TODAY);
    const next = own.safeParse(createLogPayload({ date_of_experience: '2026-03-06' }));
    expect(next.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['date_of_experience'], 'Date of experience cannot be in the future'],
    ]);
  });

  it('accepts a phone call as the supervision contact (it just does not count)', () => {
    expect(schema.parse(createLogPayload({ supervision_contact: 5 })).supervisionContactId).toBe(5);
  });

  it('accepts unrestricted hours equal to the experience hours', () => {
    expect(schema.parse(createLogPayload({ unrestricted_hours: 3 })).restrictedMinutes).toBe(0);
  });
});

describe('makeLogEntrySchema: the reference lists', () => {
  it('lists the statuses and answers the contract uses', () => {
    expect(LOG_STATUSES).toEqual(['pending', 'approved', 'flagged']);
    expect(INDIVIDUAL_OR_GROUP).toEqual(['Individual', 'Group', 'No supervision']);
    expect(SUPERVISION_METHODS).toEqual(['In Person', 'Virtual']);
    expect(CLIENT_OBSERVATION_ANSWERS).toEqual(['Yes', 'No']);
  });

  it('refuses to build a schema without a real today', () => {
    expect(() => makeLogEntrySchema({ today: '2026-02-30' })).toThrow(/today/);
  });
});
