import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The trainee's BACB ID and fieldwork state and country: profile fields, because every official
 * form they fill carries them (issue 10 "The official form, filled").
 */

let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  trainee = await createTrainee(t.db, { name: 'Zoë Łukasz' });
  supervisor = await createSupervisor(t.db);
});
afterAll(async () => t.close());

const putProfile = (user: TestUser, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/users/profile/${user.id}/`, token: user.token, payload });
const profileOf = async (user: TestUser) =>
  (await t.request({ method: 'GET', url: '/users/profile/', token: user.token })).json<{
    results: { trainee: unknown; supervisor: unknown }[];
  }>().results[0];

describe('the trainee form fields of the profile', () => {
  it('start blank for a trainee and do not exist for a supervisor', async () => {
    expect(await profileOf(trainee)).toMatchObject({
      trainee: { bacb_id: '', fieldwork_state: '', fieldwork_country: '' },
      supervisor: null,
    });
    expect(await profileOf(supervisor)).toMatchObject({ trainee: null });
  });

  it('are saved with PUT /users/profile/{id}/ and read back by GET', async () => {
    const response = await putProfile(trainee, {
      name: 'Zoë Łukasz',
      bacb_id: 'bacb1234567',
      fieldwork_state: ' Oregon ',
      fieldwork_country: 'United States',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      bacb_id: 'BACB1234567',
      fieldwork_state: 'Oregon',
      fieldwork_country: 'United States',
    };
    expect(response.json()).toMatchObject({ trainee: expected });
    expect(await profileOf(trainee)).toMatchObject({ trainee: expected });
  });

  it('change only the fields sent: a name change keeps them, and blank clears one', async () => {
    await putProfile(trainee, { name: 'Zoë Ł.' });
    expect(await profileOf(trainee)).toMatchObject({
      trainee: { bacb_id: 'BACB1234567', fieldwork_state: 'Oregon' },
    });
    const cleared = await putProfile(trainee, { name: 'Zoë Ł.', fieldwork_state: '' });
    expect(cleared.json()).toMatchObject({
      trainee: { bacb_id: 'BACB1234567', fieldwork_state: '', fieldwork_country: 'United States' },
    });
  });

  it.each([
    [{ bacb_id: 'BACB12' }, { bacb_id: ['Not a valid number'] }],
    [{ bacb_id: 42 }, { bacb_id: ['Invalid input: expected string, received number'] }],
    [
      { fieldwork_country: 'x'.repeat(101) },
      { fieldwork_country: ['Must be at most 100 characters'] },
    ],
  ])('refuse %j and keep what was there', async (change, errors) => {
    const response = await putProfile(trainee, { name: 'Zoë Ł.', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await profileOf(trainee)).toMatchObject({ trainee: { bacb_id: 'BACB1234567' } });
  });

  it('are refused to a supervisor, whose BACB numbers live in the supervisor profile', async () => {
    const response = await putProfile(supervisor, { name: 'Sam', bacb_id: 'BACB1234567' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      bacb_id: [
        'Only a trainee has this field; a supervisor keeps BACB numbers in the supervisor profile.',
      ],
    });
  });
});
