import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 39 parts 3 and 4 on the SPEC's profile routes: the supervisor's qualification fields
 * (BCBA Handbook, "Supervisor Qualifications") and the trainee's pathway and first class
 * ("Starting Fieldwork"), each optional, every answer otherwise unchanged.
 */

let t: TestApp;
let supervisor: TestUser;
let trainee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // 09:00 UTC on 10 April is still 9 April in Honolulu (UTC−10): "today" is the person's own.
  t.clock.now = new Date('2026-04-10T09:00:00.000Z');
  supervisor = await createSupervisor(t.db, { name: 'Rhea Rowan' });
  trainee = await createTrainee(t.db, { name: 'Tara Trainee' });
});
afterAll(async () => t.close());

const credentials = {
  bacb_account_number: 'BACB765432',
  bacb_certification_number: '2-34-56789',
  supervisor_qualification: 'BCBA',
  date_qualified: '2019-06-30',
  date_contract: '2026-02-15',
};
const putSupervisor = (user: TestUser, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/users/supervisor/${user.id}/`, token: user.token, payload });
const putProfile = (user: TestUser, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/users/profile/${user.id}/`, token: user.token, payload });
const setZone = (user: TestUser, zone: string) =>
  t.request({
    method: 'PUT',
    url: '/api/v1/time-zone/',
    token: user.token,
    payload: { time_zone: zone },
  });

describe('PUT /users/supervisor/{id}/ with the qualification fields (Handbook, "Supervisor Qualifications")', () => {
  it('keeps the certification, training and consulting supervisor, and shows them in the profile', async () => {
    const response = await putSupervisor(supervisor, {
      ...credentials,
      certified_on: '2025-09-15',
      training_completed_on: '2025-08-01',
      consulting_supervisor_name: ' Cora Consultant ',
      consulting_supervisor_bacb_id: '1-11-11111',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ supervisor: unknown }>().supervisor).toEqual({
      ...credentials,
      removed_user: [],
      certified_on: '2025-09-15',
      training_completed_on: '2025-08-01',
      training_certificate_name: null,
      consulting_supervisor_name: 'Cora Consultant',
      consulting_supervisor_bacb_id: '1-11-11111',
    });
  });

  it('leaves them as they are when the body has only the five SPEC fields', async () => {
    const response = await putSupervisor(supervisor, {
      ...credentials,
      date_contract: '2026-03-01',
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json<{ supervisor: Record<string, unknown> }>().supervisor;
    expect(profile.date_contract).toBe('2026-03-01');
    expect(profile.certified_on).toBe('2025-09-15');
    expect(profile.consulting_supervisor_name).toBe('Cora Consultant');
  });

  it('clears a date sent as null', async () => {
    const response = await putSupervisor(supervisor, {
      ...credentials,
      training_completed_on: null,
    });
    expect(response.json<{ supervisor: Record<string, unknown> }>().supervisor).toMatchObject({
      training_completed_on: null,
      certified_on: '2025-09-15',
    });
    await putSupervisor(supervisor, { ...credentials, training_completed_on: '2025-08-01' });
  });

  it('refuses dates after the supervisor’s today, counted in their zone', async () => {
    expect((await setZone(supervisor, 'Pacific/Honolulu')).statusCode).toBe(200);
    const response = await putSupervisor(supervisor, {
      ...credentials,
      certified_on: '2026-04-10',
      training_completed_on: '2026-04-10',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      certified_on: ['The certification date cannot be in the future'],
      training_completed_on: ['The training date cannot be in the future'],
    });
    const today = await putSupervisor(supervisor, { ...credentials, certified_on: '2026-04-09' });
    expect(today.statusCode).toBe(200);
    await putSupervisor(supervisor, { ...credentials, certified_on: '2025-09-15' });
  });

  it.each([
    [{ certified_on: '2025-02-30' }, 'certified_on', '⋆Invalid date'],
    [{ training_completed_on: '15/08/2025' }, 'training_completed_on', 'Use the form YYYY-MM-DD'],
    [
      { consulting_supervisor_bacb_id: '12345' },
      'consulting_supervisor_bacb_id',
      'Not a valid number',
    ],
    [
      { consulting_supervisor_name: 'Cora\nConsultant' },
      'consulting_supervisor_name',
      'Must be one line, without control characters',
    ],
  ])('refuses %j with the field’s message', async (fields, field, message) => {
    const response = await putSupervisor(supervisor, { ...credentials, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
  });
});

describe('PUT /users/profile/{id}/ with the pathway and first class (Handbook, "Starting Fieldwork")', () => {
  it('keeps pathway 2 and its first class, and shows them in the profile', async () => {
    const response = await putProfile(trainee, {
      name: 'Tara Trainee',
      pathway: 2,
      first_class_on: '2026-01-12',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ trainee: unknown }>().trainee).toEqual({
      bacb_id: '',
      fieldwork_state: '',
      fieldwork_country: '',
      pathway: 2,
      first_class_on: '2026-01-12',
    });
  });

  it('keeps them when the body has only the name', async () => {
    const response = await putProfile(trainee, { name: 'Tara T.' });
    expect(response.json<{ trainee: unknown }>().trainee).toMatchObject({
      pathway: 2,
      first_class_on: '2026-01-12',
    });
  });

  it('asks for the first class under pathways 1 and 2', async () => {
    const cleared = await putProfile(trainee, { name: 'Tara', first_class_on: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({
      first_class_on: ['Enter the date of the first class meeting (pathways 1 and 2)'],
    });
    const other = await createTrainee(t.db);
    const none = await putProfile(other, { name: 'Oli', pathway: 1 });
    expect(none.json()).toEqual({
      first_class_on: ['Enter the date of the first class meeting (pathways 1 and 2)'],
    });
  });

  it('drops the first class under pathways 3 and 4, where it does not apply', async () => {
    const response = await putProfile(trainee, { name: 'Tara', pathway: 4 });
    expect(response.json<{ trainee: unknown }>().trainee).toMatchObject({
      pathway: 4,
      first_class_on: null,
    });
    const back = await putProfile(trainee, {
      name: 'Tara',
      pathway: 1,
      first_class_on: '2026-01-12',
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses a first class after the trainee’s today, counted in their zone', async () => {
    expect((await setZone(trainee, 'Pacific/Honolulu')).statusCode).toBe(200);
    const tomorrow = await putProfile(trainee, { name: 'Tara', first_class_on: '2026-04-10' });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual({
      first_class_on: ['The first class meeting cannot be in the future'],
    });
    const today = await putProfile(trainee, { name: 'Tara', first_class_on: '2026-04-09' });
    expect(today.statusCode).toBe(200);
  });

  it.each([[5], [0], ['2'], [2.5]])('refuses pathway %j', async (pathway) => {
    const response = await putProfile(trainee, { name: 'Tara', pathway });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ pathway: ['Choose pathway 1, 2, 3 or 4'] });
  });

  it('clears the pathway with null', async () => {
    const response = await putProfile(trainee, { name: 'Tara', pathway: null });
    expect(response.json<{ trainee: unknown }>().trainee).toMatchObject({
      pathway: null,
      first_class_on: null,
    });
  });

  it('refuses the trainee fields from a supervisor', async () => {
    const response = await putProfile(supervisor, { name: 'Rhea', pathway: 2 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['pathway']);
  });

  it('answers 404 for another person’s profile', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/users/profile/${supervisor.id}/`,
      token: trainee.token,
      payload: { name: 'Tara', pathway: 3 },
    });
    expect(response.statusCode).toBe(404);
  });
});
