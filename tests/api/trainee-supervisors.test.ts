import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  trainee = await createTrainee(t.db);
  otherTrainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db, { email: 'dana.bcba@example.com', name: 'Dana Reyes' });
});
afterAll(async () => t.close());

const url = '/api/v1/trainee-supervisors/';

async function add(user: TestUser, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url, token: user.token, payload });
}

describe('trainee supervisors', () => {
  it('adds a supervisor without an account, unlinked', async () => {
    const response = await add(trainee, {
      name: 'Lee',
      lastname: 'Park',
      email: 'Lee.Park@Example.com',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Lee',
      lastname: 'Park',
      email: 'lee.park@example.com',
      supervisor: null,
      invited_at: null,
    });
  });

  it('says a supervisor has a tracker account, never which account (issue 36)', async () => {
    const response = await add(trainee, { name: 'Dana Reyes', email: 'DANA.bcba@example.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ supervisor: true, link_status: 'pending' });
    expect(response.body).not.toContain(`:${supervisor.id},`);
    const list = await t.request({ method: 'GET', url, token: trainee.token });
    expect(
      list.json<{ results: { supervisor: unknown }[] }>().results.map((row) => row.supervisor),
    ).toEqual([true, null]);
  });

  it('lists only the trainee’s own supervisors', async () => {
    await add(otherTrainee, { name: 'Other Person', email: 'other.person@example.com' });
    const response = await t.request({ method: 'GET', url, token: trainee.token });
    expect(response.statusCode).toBe(200);
    const emails = response
      .json<{ results: { email: string }[] }>()
      .results.map((row) => row.email);
    expect(emails.sort()).toEqual(['dana.bcba@example.com', 'lee.park@example.com']);
  });

  it('refuses a duplicate email as a field error', async () => {
    const response = await add(trainee, { name: 'Lee again', email: 'lee.park@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['You already listed a supervisor with this email.'],
    });
  });

  it('refuses the trainee’s own email, in any case, as a field error, and lists nothing', async () => {
    const before = await t.request({ method: 'GET', url, token: trainee.token });
    const response = await add(trainee, { name: 'Me', email: trainee.email.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['You cannot list yourself as your supervisor.'] });
    const after = await t.request({ method: 'GET', url, token: trainee.token });
    expect(after.json()).toEqual(before.json());
  });

  it('validates the dialog fields with the messages of SPEC §5', async () => {
    const response = await add(trainee, { name: '', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ['⋆Required'], email: ['Invalid email format'] });
    const missing = await add(trainee, { name: 'X' });
    expect(missing.json()).toEqual({ email: ['⋆Required'] });
  });

  it('edits a record, and refuses to change the email of one an account accepted', async () => {
    const list = (await t.request({ method: 'GET', url, token: trainee.token })).json<{
      results: { id: number; email: string; supervisor: true | null }[];
    }>().results;
    const unlinked = list.find((row) => row.supervisor === null);
    const linked = list.find((row) => row.supervisor !== null);
    if (!unlinked || !linked) throw new Error('fixture missing');

    const renamed = await t.request({
      method: 'PATCH',
      url: `${url}${unlinked.id}/`,
      token: trainee.token,
      payload: { name: 'Leona' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Leona',
      lastname: 'Park',
      email: 'lee.park@example.com',
    });

    // Once the supervisor accepts the trainee (issue 36), the email is the account's.
    await answerRequestFrom(t, supervisor, trainee.email);
    const locked = await t.request({
      method: 'PATCH',
      url: `${url}${linked.id}/`,
      token: trainee.token,
      payload: { email: 'new@example.com' },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({
      email: ['This supervisor has a tracker account: the email cannot be changed.'],
    });
  });

  it('answers 404 for another trainee’s record, on edit and delete', async () => {
    const created = (
      await add(otherTrainee, { name: 'Private', email: 'private@example.com' })
    ).json<{ id: number }>();
    const patch = await t.request({
      method: 'PATCH',
      url: `${url}${created.id}/`,
      token: trainee.token,
      payload: { name: 'Hijack' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.request({
      method: 'DELETE',
      url: `${url}${created.id}/`,
      token: trainee.token,
    });
    expect(del.statusCode).toBe(404);
    const still = (await t.request({ method: 'GET', url, token: otherTrainee.token })).json<{
      results: { name: string }[];
    }>();
    expect(still.results.map((row) => row.name)).toContain('Private');
  });

  it('deletes a record no log refers to with 204', async () => {
    const created = (await add(trainee, { name: 'Temp', email: 'temp@example.com' })).json<{
      id: number;
    }>();
    const response = await t.request({
      method: 'DELETE',
      url: `${url}${created.id}/`,
      token: trainee.token,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('lets a trainee try 10 supervisor emails a day, then answers 429 until the next day', async () => {
    const limited = await createTrainee(t.db);
    t.clock.now = new Date('2026-05-04T15:00:00.000Z');
    let firstId = 0;
    const tries = [
      ...Array.from(
        { length: 8 },
        (_, i) => () => add(limited, { name: 'P', email: `p${i}@example.com` }),
      ),
      () =>
        t.request({
          method: 'PATCH',
          url: `${url}${firstId}/`,
          token: limited.token,
          payload: { email: 'renamed@example.com' },
        }),
      () =>
        t.request({
          method: 'POST',
          url: '/api/v1/experience-log/',
          token: limited.token,
          payload: createLogPayload({
            newSupervisor: 'Nia New',
            newSupervisorEmail: 'nia@example.com',
            date_of_experience: '2026-05-01',
          }),
        }),
    ];
    for (const [index, attempt] of tries.entries()) {
      const response = await attempt();
      expect(response.statusCode, response.body).toBeLessThan(300);
      if (index === 0) firstId = response.json<{ id: number }>().id;
    }
    // What tells nothing costs nothing: a name, an email already listed, the same email again.
    const renamed = await t.request({
      method: 'PATCH',
      url: `${url}${firstId}/`,
      token: limited.token,
      payload: { name: 'Renamed', email: 'renamed@example.com' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await add(limited, { name: 'P', email: 'p1@example.com' })).statusCode).toBe(400);

    const refused = await add(limited, { name: 'Dana', email: supervisor.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'You can add supervisors or change their emails 10 times a day. Please try again in 9 hours.',
      code: 'RATE_LIMITED',
    });
    expect(refused.body).not.toContain(String(supervisor.id));
    const moved = await t.request({
      method: 'PATCH',
      url: `${url}${firstId}/`,
      token: limited.token,
      payload: { email: supervisor.email },
    });
    expect(moved.statusCode).toBe(429);
    const listed = await t.request({ method: 'GET', url, token: limited.token });
    expect(
      listed.json<{ results: { email: string }[] }>().results.map((row) => row.email),
    ).not.toContain(supervisor.email);
    // Another trainee's attempts are their own.
    expect((await add(otherTrainee, { name: 'Q', email: 'q@example.com' })).statusCode).toBe(201);

    t.clock.now = new Date('2026-05-05T00:00:01.000Z');
    const nextDay = await add(limited, { name: 'Dana', email: supervisor.email });
    expect(nextDay.statusCode).toBe(201);
  });

  it('requires a signed-in trainee', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const asSupervisor = await t.request({ method: 'GET', url, token: supervisor.token });
    expect(asSupervisor.statusCode).toBe(403);
    expect(asSupervisor.json()).toEqual({
      detail: 'Only trainees can do this.',
      code: 'FORBIDDEN',
    });
  });
});
