import { describe, expect, it } from 'vitest';
import { createLogPayload, errorsOf, PARSED } from './log-entry.factory';
import { makeLogEntrySchema, type LogEntryWire } from './log-entry.schema';
import {
  formatObservation,
  resolveObservationMinutes,
  type ObservationEntry,
  type ObservationMinutes,
} from './observation';

describe('resolveObservationMinutes', () => {
  it.each<[string, ObservationEntry, ObservationMinutes]>([
    [
      'the supervision window when Yes and no duration is given',
      { clientObservation: 'Yes', supervisionWindowMinutes: 60, enteredMinutes: null },
      { minutes: 60, error: null },
    ],
    [
      'the duration given when it is shorter than the window',
      { clientObservation: 'Yes', supervisionWindowMinutes: 60, enteredMinutes: 45 },
      { minutes: 45, error: null },
    ],
    [
      'the duration given when it fills the window exactly',
      { clientObservation: 'Yes', supervisionWindowMinutes: 90, enteredMinutes: 90 },
      { minutes: 90, error: null },
    ],
    [
      'a message when the duration is one minute longer than the window',
      { clientObservation: 'Yes', supervisionWindowMinutes: 60, enteredMinutes: 61 },
      {
        minutes: null,
        error: 'Observation cannot be longer than the supervision window (1 hours and 0 minutes)',
      },
    ],
    [
      'a message when the duration is 0',
      { clientObservation: 'Yes', supervisionWindowMinutes: 60, enteredMinutes: 0 },
      {
        minutes: null,
        error: 'Observation time must be more than 0 (answer No if there was none)',
      },
    ],
    [
      'the duration given while the window is not known yet',
      { clientObservation: 'Yes', supervisionWindowMinutes: null, enteredMinutes: 30 },
      { minutes: 30, error: null },
    ],
    [
      'nothing when the answer is No, whatever the duration',
      { clientObservation: 'No', supervisionWindowMinutes: 60, enteredMinutes: 45 },
      { minutes: null, error: null },
    ],
    [
      'nothing for a No supervision entry',
      { clientObservation: null, supervisionWindowMinutes: null, enteredMinutes: null },
      { minutes: null, error: null },
    ],
  ])('gives %s', (_, entry, expected) => {
    expect(resolveObservationMinutes(entry)).toEqual(expected);
  });
});

describe('formatObservation', () => {
  it.each([
    [60, '1 h (60 min)'],
    [45, '0.75 h (45 min)'],
    [50, '0.83 h (50 min)'],
  ])('shows %i minutes as %s', (minutes, text) => {
    expect(formatObservation(minutes)).toBe(text);
  });
});

describe('makeLogEntrySchema: observation_hours', () => {
  const schema = makeLogEntrySchema({ today: '2026-03-05' });
  const parse = (overrides: Partial<LogEntryWire>) =>
    schema.parse(createLogPayload(overrides)).observationMinutes;
  const errors = (overrides: Partial<LogEntryWire>) =>
    errorsOf(schema, createLogPayload(overrides));

  it('defaults to the 60-minute supervision window when left out, as before the field existed', () => {
    expect(schema.parse(createLogPayload()).observationMinutes).toBe(60);
    expect(parse({ observation_hours: '' })).toBe(60);
    expect(parse({ observation_hours: null })).toBe(60);
    expect(parse({ observation_hours: Number.NaN })).toBe(60);
  });

  it('keeps a duration within the window, sent as decimal hours', () => {
    expect(parse({ observation_hours: 0.75 })).toBe(45);
    expect(parse({ observation_hours: '0.5' })).toBe(30);
    expect(parse({ observation_hours: 1 })).toBe(60);
  });

  it('stores no observation for No, ignoring whatever the field holds', () => {
    expect(parse({ client_observation: 'No', observation_hours: 5 })).toBeNull();
    expect(parse({ client_observation: 'No', observation_hours: 'soon' })).toBeNull();
  });

  it('stores no observation for No supervision', () => {
    expect(
      parse({
        individual_or_group: 'No supervision',
        observation_hours: 1,
        client_observation: '',
      }),
    ).toBeNull();
  });

  it.each<[Partial<LogEntryWire>, Record<string, string[]>]>([
    [
      { observation_hours: 1.25 },
      {
        observation_hours: [
          'Observation cannot be longer than the supervision window (1 hours and 0 minutes)',
        ],
      },
    ],
    [
      { supervision_end_time: '11:15', supervised_hours: 1.25, observation_hours: 1.5 },
      {
        observation_hours: [
          'Observation cannot be longer than the supervision window (1 hours and 15 minutes)',
        ],
      },
    ],
    [
      { observation_hours: 0 },
      { observation_hours: ['Observation time must be more than 0 (answer No if there was none)'] },
    ],
    [{ observation_hours: -0.5 }, { observation_hours: ['Hours cannot be negative'] }],
    [{ observation_hours: 'an hour' }, { observation_hours: ['Must be a number'] }],
  ])('rejects %j', (overrides, expected) => {
    expect(errors(overrides)).toEqual(expected);
  });

  it('parses the rest of the entry as before', () => {
    expect(schema.parse(createLogPayload({ observation_hours: 0.75 }))).toEqual({
      ...PARSED,
      observationMinutes: 45,
    });
  });
});
