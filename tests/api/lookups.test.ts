import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  trainee = await createTrainee(t.db);
});
afterAll(async () => t.close());

type Results<T> = { results: T[] };

describe('reference lookups', () => {
  it('serves the experience types with the contract’s spelling', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/expereince-type/',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: 1, name: 'Supervised Fieldwork' },
        { id: 2, name: 'Concentrated Supervised Fieldwork' },
      ],
    });
  });

  it('serves methods of supervision and client observation answers', async () => {
    const methods = await t.request({
      method: 'GET',
      url: '/api/v1/method-supervision/',
      token: trainee.token,
    });
    expect(methods.json()).toEqual({
      results: [
        { id: 1, name: 'In Person' },
        { id: 2, name: 'Virtual' },
      ],
    });
    const observation = await t.request({
      method: 'GET',
      url: '/api/v1/client-observation/',
      token: trainee.token,
    });
    expect(observation.json()).toEqual({
      results: [
        { id: 1, name: 'Yes' },
        { id: 2, name: 'No' },
      ],
    });
  });

  it('serves the settings and the supervision contacts, a phone call not counting', async () => {
    const settings = (
      await t.request({ method: 'GET', url: '/api/v1/setting/', token: trainee.token })
    ).json<Results<{ id: number; name: string }>>();
    expect(settings.results).toHaveLength(10);
    expect(settings.results[0]).toEqual({ id: 1, name: 'Clinic' });
    const contacts = (
      await t.request({ method: 'GET', url: '/api/v1/supervision-contact/', token: trainee.token })
    ).json<Results<{ contact: string; counts_as_contact: boolean }>>();
    expect(contacts.results.filter((c) => !c.counts_as_contact).map((c) => c.contact)).toEqual([
      'Phone call (not a contact)',
    ]);
  });

  it('serves the 6th edition task list by default: 104 tasks A.1 to I.7 with their domains', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/task/', token: trainee.token });
    const tasks =
      response.json<Results<{ id: string; name: string; version: string; section_title: string }>>()
        .results;
    expect(tasks).toHaveLength(104);
    expect(tasks[0]).toMatchObject({
      id: 'A.1',
      name: 'A.1 Identify the goals of behavior analysis as a science (i.e., description, prediction, control).',
      version: 'v6',
      section_title: 'Behaviorism and Philosophical Foundations',
    });
    expect(tasks.at(-1)?.id).toBe('I.7');
  });

  it('serves the 5th edition task list: 92 tasks A-1 to I-8', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/task/?version=v5',
      token: trainee.token,
    });
    const tasks = response.json<Results<{ id: string; version: string }>>().results;
    expect(tasks).toHaveLength(92);
    expect([tasks[0]?.id, tasks.at(-1)?.id]).toEqual(['A-1', 'I-8']);
    expect(new Set(tasks.map((task) => task.version))).toEqual(new Set(['v5']));
  });

  it('refuses an unknown edition with a field error', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/task/?version=v7',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['version']);
  });

  it('requires a signed-in user for every lookup', async () => {
    for (const url of [
      '/api/v1/expereince-type/',
      '/api/v1/setting/',
      '/api/v1/method-supervision/',
      '/api/v1/client-observation/',
      '/api/v1/supervision-contact/',
      '/api/v1/task/',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
