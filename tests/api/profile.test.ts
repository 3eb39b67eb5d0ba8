import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoInternals,
  UNAUTHENTICATED,
  NO_START_FIELDS,
  NO_QUALIFICATION_FIELDS,
} from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
let otherSupervisor: TestUser;
const joined = new Date('2026-02-01T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  trainee = await createTrainee(t.db, {
    name: 'Tara Trainee',
    email: 'tara.profile@example.com',
    dateJoined: joined,
  });
  otherTrainee = await createTrainee(t.db, { name: 'Owen Other' });
  supervisor = await createSupervisor(t.db, {
    name: 'Sam Supervisor',
    email: 'sam.profile@example.com',
    dateJoined: joined,
  });
  otherSupervisor = await createSupervisor(t.db, { name: 'Olga Other' });
});
afterAll(async () => t.close());

const getProfile = (token?: string) => t.request({ method: 'GET', url: '/users/profile/', token });
const putProfile = (
  token: string | undefined,
  id: number | string,
  payload: Record<string, unknown>,
) => t.request({ method: 'PUT', url: `/users/profile/${id}/`, token, payload });
const putSupervisor = (
  token: string | undefined,
  id: number | string,
  payload: Record<string, unknown>,
) => t.request({ method: 'PUT', url: `/users/supervisor/${id}/`, token, payload });

const credentials = {
  bacb_account_number: 'BACB765432',
  bacb_certification_number: '2-34-56789',
  supervisor_qualification: 'BCBA-D',
  date_qualified: '2019-06-30',
  date_contract: '2026-02-15',
};
const NOT_FOUND = { detail: 'Profile not found', code: 'NOT_FOUND' };

describe('GET /users/profile/', () => {
  it('answers a trainee with their user as results[0]', async () => {
    const response = await getProfile(trainee.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          id: trainee.id,
          email: 'tara.profile@example.com',
          name: 'Tara Trainee',
          is_supervisor: false,
          is_paid: false,
          date_joined: '2026-02-01T12:00:00.000Z',
          profile_pic: null,
          rule_set: null,
          time_zone: null,
          has_logs: false,
          supervisor: null,
          trainee: { bacb_id: '', fieldwork_state: '', fieldwork_country: '', ...NO_START_FIELDS },
        },
      ],
    });
    expectNoInternals(response);
  });

  it('answers a supervisor with their credentials', async () => {
    const response = await getProfile(supervisor.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          id: supervisor.id,
          email: 'sam.profile@example.com',
          name: 'Sam Supervisor',
          is_supervisor: true,
          is_paid: false,
          date_joined: '2026-02-01T12:00:00.000Z',
          profile_pic: null,
          rule_set: null,
          time_zone: null,
          has_logs: false,
          supervisor: {
            bacb_account_number: 'BACB123456',
            bacb_certification_number: '1-23-45678',
            supervisor_qualification: 'BCBA',
            date_qualified: '2020-01-15',
            date_contract: '2026-01-10',
            removed_user: [],
            ...NO_QUALIFICATION_FIELDS,
          },
          trainee: null,
        },
      ],
    });
  });

  it('answers a supervisor who has not completed the profile with blank credentials', async () => {
    const incomplete = await createSupervisor(t.db, { complete: false });
    const response = await getProfile(incomplete.token);
    expect(response.json()).toMatchObject({
      results: [
        {
          is_supervisor: true,
          supervisor: {
            bacb_account_number: '',
            bacb_certification_number: '',
            supervisor_qualification: '',
            date_qualified: null,
            date_contract: null,
            removed_user: [],
            ...NO_QUALIFICATION_FIELDS,
          },
          trainee: null,
        },
      ],
    });
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'a'.repeat(64)],
    ['a malformed token', 'not a token!'],
  ])('answers 401 with %s', async (_case, token) => {
    const response = await getProfile(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('PUT /users/profile/{id}/', () => {
  it('changes the name and answers with the user', async () => {
    const response = await putProfile(trainee.token, trainee.id, {
      name: '  Tara T. Trainee ',
      email: trainee.email,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: trainee.id,
      name: 'Tara T. Trainee',
      email: trainee.email,
    });
    expect((await getProfile(trainee.token)).json()).toMatchObject({
      results: [{ name: 'Tara T. Trainee' }],
    });
  });

  it('accepts the unchanged email in another case, and no email at all', async () => {
    const upper = await putProfile(trainee.token, trainee.id, {
      name: 'Tara',
      email: trainee.email.toUpperCase(),
    });
    expect(upper.statusCode).toBe(200);
    expect(upper.json()).toMatchObject({ name: 'Tara', email: trainee.email });
    const nameOnly = await putProfile(trainee.token, trainee.id, { name: 'Tara Trainee' });
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.json()).toMatchObject({ name: 'Tara Trainee' });
  });

  it('changes nothing but the name: role, paid status and id are not the client’s to set', async () => {
    const response = await putProfile(trainee.token, trainee.id, {
      name: 'Tara Trainee',
      id: otherTrainee.id,
      is_supervisor: true,
      is_paid: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: trainee.id, is_supervisor: false, is_paid: false });
  });

  it('lets a supervisor change their name', async () => {
    const response = await putProfile(supervisor.token, supervisor.id, {
      name: 'Samuel Supervisor',
      email: supervisor.email,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: supervisor.id,
      name: 'Samuel Supervisor',
      is_supervisor: true,
    });
  });

  it('refuses to change the email, and changes nothing', async () => {
    const response = await putProfile(trainee.token, trainee.id, {
      name: 'Renamed',
      email: 'new.address@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Email cannot be changed'] });
    expect((await getProfile(trainee.token)).json()).toMatchObject({
      results: [{ name: 'Tara Trainee', email: trainee.email }],
    });
  });

  it('answers 404 for another user’s id and leaves them untouched', async () => {
    const response = await putProfile(trainee.token, otherTrainee.id, { name: 'Hijacked' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await getProfile(otherTrainee.token)).json()).toMatchObject({
      results: [{ name: 'Owen Other' }],
    });
    expect((await putProfile(trainee.token, 999_999, { name: 'Nobody' })).statusCode).toBe(404);
  });

  it.each([
    ['a blank name', { name: '  ' }, { name: ['⋆Required'] }],
    ['no name', {}, { name: ['⋆Required'] }],
    ['a bad email', { name: 'Tara', email: 'nope' }, { email: ['Invalid email format'] }],
    [
      'a NUL character in the name',
      { name: 'Ta\u0000ra' },
      { name: ['Must be one line, without control characters'] },
    ],
  ])('rejects %s', async (_case, payload, expected) => {
    const response = await putProfile(trainee.token, trainee.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('rejects an id that is not a number', async () => {
    const response = await putProfile(trainee.token, 'me', { name: 'Tara' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: ['Not a valid id'] });
  });

  it('answers 401 without a token', async () => {
    const response = await putProfile(undefined, trainee.id, { name: 'Anonymous' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('PUT /users/supervisor/{id}/', () => {
  it('replaces the supervisor’s credentials and answers with the user', async () => {
    const response = await putSupervisor(supervisor.token, supervisor.id, {
      ...credentials,
      bacb_account_number: 'bacb765432',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: supervisor.id,
      supervisor: { ...credentials, removed_user: [], ...NO_QUALIFICATION_FIELDS },
    });
    expect((await getProfile(supervisor.token)).json()).toMatchObject({
      results: [{ supervisor: credentials }],
    });
  });

  it('completes the profile of a supervisor who signed in without one', async () => {
    const incomplete = await createSupervisor(t.db, { complete: false });
    const response = await putSupervisor(incomplete.token, incomplete.id, credentials);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ supervisor: credentials });
  });

  it.each([
    [
      'invalid ID numbers',
      { bacb_account_number: 'ACB123', bacb_certification_number: '1234' },
      {
        bacb_account_number: ['Not a valid number'],
        bacb_certification_number: ['Not a valid number'],
      },
    ],
    [
      'negative ID numbers',
      { bacb_account_number: '-123456', bacb_certification_number: '-1-23-45678' },
      {
        bacb_account_number: ['ID Number cannot be negative'],
        bacb_certification_number: ['ID Number cannot be negative'],
      },
    ],
    [
      'a qualification of digits',
      { supervisor_qualification: '1234' },
      { supervisor_qualification: ['Supervisor Qualification can not be numbers'] },
    ],
    [
      'a date that does not exist',
      { date_qualified: '2019-02-29' },
      { date_qualified: ['⋆Invalid date'] },
    ],
    ['an empty date', { date_contract: '' }, { date_contract: ['⋆Required'] }],
  ])('rejects %s and keeps the old values', async (_case, change, expected) => {
    const before = (await getProfile(otherSupervisor.token)).json();
    const response = await putSupervisor(otherSupervisor.token, otherSupervisor.id, {
      ...credentials,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect((await getProfile(otherSupervisor.token)).json()).toEqual(before);
  });

  it('answers every missing field with ⋆Required', async () => {
    const response = await putSupervisor(otherSupervisor.token, otherSupervisor.id, {});
    expect(response.json()).toEqual({
      bacb_account_number: ['⋆Required'],
      bacb_certification_number: ['⋆Required'],
      supervisor_qualification: ['⋆Required'],
      date_qualified: ['⋆Required'],
      date_contract: ['⋆Required'],
    });
  });

  it('answers 403 to a trainee, whatever the body', async () => {
    const response = await putSupervisor(trainee.token, trainee.id, credentials);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Only supervisors can do this.', code: 'FORBIDDEN' });
    expect((await putSupervisor(trainee.token, trainee.id, {})).statusCode).toBe(403);
  });

  it('answers 404 for another supervisor’s id and leaves them untouched', async () => {
    const before = (await getProfile(otherSupervisor.token)).json();
    const response = await putSupervisor(supervisor.token, otherSupervisor.id, credentials);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect((await getProfile(otherSupervisor.token)).json()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const response = await putSupervisor(undefined, supervisor.id, credentials);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });
});
