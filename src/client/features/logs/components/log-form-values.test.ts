import { describe, expect, it } from 'vitest';
import {
  computeFormMinutes,
  emptyLogValues,
  keptChoices,
  toLogPayload,
  valuesFromLog,
  withComputedHours,
  type LogFormValues,
} from './log-form-values';
import type { ExperienceLog } from '../../../../shared/logs/experience-log.schema';

const blank = emptyLogValues({ today: '2026-03-05' });
const supervised: LogFormValues = {
  ...blank,
  expereince_type: '1',
  setting: '2',
  supervisor: '7',
  time_of_expereince_start: '09:00',
  time_of_expereince_end: '12:00',
  unrestricted_hours: 2,
  individual_or_group: 'Individual',
  method_of_supervision: 'In Person',
  supervision_start_time: '10:00',
  supervision_end_time: '11:00',
  client_observation: 'Yes',
  supervision_contact: '1',
  task: ['B.1'],
  experience_note: 'Notes',
};

describe('computeFormMinutes', () => {
  const cases: [string, Partial<LogFormValues>, ReturnType<typeof computeFormMinutes>][] = [
    [
      'a supervised morning',
      {},
      { experience: 180, restricted: 60, supervised: 60, independent: 120 },
    ],
    [
      'unrestricted hours typed as text',
      { unrestricted_hours: '2.5' },
      { experience: 180, restricted: 30, supervised: 60, independent: 120 },
    ],
    [
      'no unrestricted hours yet: no restricted figure',
      { unrestricted_hours: '' },
      { experience: 180, restricted: null, supervised: 60, independent: 120 },
    ],
    [
      'no end time yet: nothing computed',
      { time_of_expereince_end: '' },
      { experience: null, restricted: null, supervised: null, independent: null },
    ],
    [
      'an end before the start: nothing computed',
      { time_of_expereince_end: '08:00' },
      { experience: null, restricted: null, supervised: null, independent: null },
    ],
    [
      'supervision times missing: experience known, the rest waits',
      { supervision_end_time: '' },
      { experience: 180, restricted: 60, supervised: null, independent: null },
    ],
    [
      "'No supervision' ignores leftover supervision times",
      { individual_or_group: 'No supervision' },
      { experience: 180, restricted: 60, supervised: null, independent: 180 },
    ],
    [
      'more unrestricted than experience: a negative restricted figure, for the schema to report',
      { unrestricted_hours: 4 },
      { experience: 180, restricted: -60, supervised: 60, independent: 120 },
    ],
  ];
  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(computeFormMinutes({ ...supervised, ...overrides })).toEqual(expected);
  });
});

describe('withComputedHours', () => {
  it('fills the four computed fields in decimal hours, blank where unknown', () => {
    const filled = withComputedHours({ ...supervised, time_of_expereince_end: '10:20' });
    expect(filled).toMatchObject({
      experience_hours: 1.33,
      restricted_hours: -0.67,
      supervised_hours: 1,
      independant_hours: 0.33,
    });
    expect(withComputedHours({ ...supervised, supervision_start_time: '' }).supervised_hours).toBe(
      '',
    );
  });
});

describe('toLogPayload', () => {
  it('sends ids as numbers and names the supervisor record twice', () => {
    const payload = toLogPayload(supervised, { isAddingSupervisor: false });
    expect(payload).toMatchObject({
      expereince_type: 1,
      setting: 2,
      supervisor: 7,
      trainee_supervisor: 7,
      supervision_contact: 1,
      unrestricted_hours: 2,
      experience_hours: 3,
      restricted_hours: 1,
      supervised_hours: 1,
      independant_hours: 2,
      newSupervisor: null,
      newSupervisorEmail: null,
    });
  });

  it('sends a new supervisor instead of a record with + Add new', () => {
    const payload = toLogPayload(
      { ...supervised, newSupervisor: 'Dana', newSupervisorEmail: 'dana@example.com' },
      { isAddingSupervisor: true },
    );
    expect(payload).toMatchObject({
      supervisor: null,
      trainee_supervisor: null,
      newSupervisor: 'Dana',
      newSupervisorEmail: 'dana@example.com',
    });
  });

  it("clears every supervision field of a 'No supervision' entry", () => {
    const payload = toLogPayload(
      { ...supervised, individual_or_group: 'No supervision' },
      { isAddingSupervisor: false },
    );
    expect(payload).toMatchObject({
      method_of_supervision: null,
      supervision_start_time: null,
      supervision_end_time: null,
      supervised_hours: null,
      independant_hours: null,
      client_observation: null,
      observation_hours: null,
      supervision_contact: null,
      experience_hours: 3,
    });
  });

  it.each<[string, Partial<LogFormValues>, number | null]>([
    ['an observation duration in decimal hours', { observation_hours: '0.75' }, 0.75],
    ['a blank duration (the server counts the whole window)', { observation_hours: '' }, null],
    [
      'no duration when the answer is No, whatever the hidden field holds',
      { client_observation: 'No', observation_hours: 0.5 },
      null,
    ],
  ])('sends %s', (_, overrides, expected) => {
    const payload = toLogPayload({ ...supervised, ...overrides }, { isAddingSupervisor: false });
    expect(payload.observation_hours).toBe(expected);
  });
});

describe('emptyLogValues', () => {
  it('starts with no observation duration', () => {
    expect(blank.observation_hours).toBe('');
  });

  // Issue 36: at 9:29 PM the form offered a 9:29 PM start for the morning's session.
  it('leaves the start time for the trainee to enter, never the clock time', () => {
    expect(blank.time_of_expereince_start).toBe('');
    expect(blank.date_of_experience).toBe('2026-03-05');
  });

  it("starts the next entry with the saved one's supervisor, fieldwork type and setting, not its times", () => {
    const saved = toLogPayload(supervised, { isAddingSupervisor: false });
    const next = emptyLogValues({ today: '2026-03-06', kept: keptChoices(saved) });
    expect(next).toMatchObject({
      supervisor: '7',
      trainee_supervisor: '7',
      expereince_type: '1',
      setting: '2',
      time_of_expereince_start: '',
      time_of_expereince_end: '',
      date_of_experience: '2026-03-06',
    });
  });
});

describe('valuesFromLog', () => {
  it('turns a stored log back into form values, task items into ids', () => {
    const log: ExperienceLog = {
      id: 4,
      user: { id: 1, name: 'Tara' },
      expereince_type: 1,
      expereince_type_name: 'Supervised Fieldwork',
      setting: 2,
      setting_name: "Client's home",
      supervisor: 7,
      trainee_supervisor: 7,
      supervisor_name: 'Dana',
      supervisor_account: null,
      date_of_experience: '2026-03-05',
      time_of_expereince_start: '09:00',
      time_of_expereince_end: '11:00',
      unrestricted_hours: 1.5,
      restricted_hours: 0.5,
      experience_hours: 2,
      individual_or_group: 'No supervision',
      method_of_supervision: null,
      supervision_start_time: null,
      supervision_end_time: null,
      supervised_hours: 0,
      independant_hours: 2,
      client_observation: null,
      observation_hours: null,
      supervision_contact: null,
      supervision_contact_name: null,
      task: [{ id: 'B-1', name: 'B-1 Define', description: 'Define', version: 'v5' }],
      experience_note: 'Notes',
      status: 'pending',
      data: {},
      status_changed_at: null,
      created_at: '2026-03-05T12:00:00.000Z',
      updated_at: '2026-03-05T12:00:00.000Z',
      deleted_at: null,
    };
    expect(valuesFromLog(log)).toMatchObject({
      expereince_type: '1',
      supervisor: '7',
      method_of_supervision: '',
      supervision_contact: '',
      task: ['B-1'],
      observation_hours: '',
      newSupervisor: '',
    });
    const observed = { ...log, client_observation: 'Yes' as const, observation_hours: 0.75 };
    expect(valuesFromLog(observed).observation_hours).toBe(0.75);
  });
});
