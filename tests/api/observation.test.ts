import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs } from '../../src/server/db/schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

const url = '/api/v1/experience-log/';
type Log = { id: number; observation_hours: number | null; client_observation: string | null };
type Check = { key: string; required: number | null; actual: number; status: string };
type Removal = { rule: string; hours: number; expereince_type: number };

/** A trainee with one supervisor record, and a way to log with it. */
async function createLogger(): Promise<{
  trainee: TestUser;
  create: (overrides: Partial<LogEntryWire>) => ReturnType<TestApp['request']>;
  update: (id: number, overrides: Partial<LogEntryWire>) => ReturnType<TestApp['request']>;
}> {
  const trainee = await createTrainee(t.db);
  const record = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name: 'Dana Reyes', email: `dana-${trainee.id}@example.com` },
  });
  const supervisorId = record.json<{ id: number }>().id;
  const body = (overrides: Partial<LogEntryWire>) =>
    createLogPayload({ supervisor: supervisorId, trainee_supervisor: supervisorId, ...overrides });
  return {
    trainee,
    create: (overrides) =>
      t.request({ method: 'POST', url, token: trainee.token, payload: body(overrides) }),
    update: (id, overrides) =>
      t.request({
        method: 'PUT',
        url: `${url}${id}/`,
        token: trainee.token,
        payload: body(overrides),
      }),
  };
}

async function storedMinutes(id: number): Promise<number | null | undefined> {
  const [row] = await t.db
    .select({ minutes: experienceLogs.observationMinutes })
    .from(experienceLogs)
    .where(eq(experienceLogs.id, id));
  return row?.minutes;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
});
afterAll(async () => t.close());

describe('observation time on a log', () => {
  it('defaults to the supervision window when the field is left out', async () => {
    const { create } = await createLogger();
    const response = await create({});
    expect(response.statusCode).toBe(201);
    const log = response.json<Log>();
    expect(log).toMatchObject({ client_observation: 'Yes', observation_hours: 1 });
    expect(await storedMinutes(log.id)).toBe(60);
  });

  it('stores a shorter observation given in decimal hours', async () => {
    const { create } = await createLogger();
    const response = await create({ observation_hours: 0.75 });
    expect(response.statusCode).toBe(201);
    const log = response.json<Log>();
    expect(log.observation_hours).toBe(0.75);
    expect(await storedMinutes(log.id)).toBe(45);
  });

  it('refuses an observation longer than the supervision window, on its field', async () => {
    const { create } = await createLogger();
    const response = await create({ observation_hours: 1.25 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      observation_hours: [
        'Observation cannot be longer than the supervision window (1 hours and 0 minutes)',
      ],
    });
  });

  it('stores no observation for No and for No supervision, whatever the field holds', async () => {
    const { create } = await createLogger();
    const answeredNo = await create({ client_observation: 'No', observation_hours: 0.5 });
    expect(answeredNo.statusCode).toBe(201);
    expect(answeredNo.json<Log>().observation_hours).toBeNull();
    expect(await storedMinutes(answeredNo.json<Log>().id)).toBeNull();
    const unsupervised = await create({
      date_of_experience: '2026-03-06',
      individual_or_group: 'No supervision',
      observation_hours: 1,
    });
    expect(unsupervised.statusCode).toBe(201);
    expect(unsupervised.json<Log>()).toMatchObject({
      client_observation: null,
      observation_hours: null,
    });
  });

  it('changes the observation on update, records it in the history, and defaults when left out', async () => {
    const { trainee, create, update } = await createLogger();
    const id = (await create({})).json<Log>().id;

    const shorter = await update(id, { observation_hours: '0.5' });
    expect(shorter.statusCode).toBe(200);
    expect(shorter.json<Log>().observation_hours).toBe(0.5);
    expect(await storedMinutes(id)).toBe(30);
    const history = await t.request({
      method: 'GET',
      url: `${url}${id}/history/`,
      token: trainee.token,
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json<{
      results: { action: string; changes: Record<string, unknown> }[];
    }>().results;
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      changes: { observation_hours: { old: 1, new: 0.5 } },
    });

    // A client that does not know the field (the contract's) sends none: the whole window.
    expect('observation_hours' in createLogPayload()).toBe(false);
    const reset = await update(id, { supervision_end_time: '11:30' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<Log>().observation_hours).toBe(1.5);

    const tooLong = await update(id, { observation_hours: 2 });
    expect(tooLong.statusCode).toBe(400);
    expect(await storedMinutes(id)).toBe(90);
  });
});

describe('observation minutes in the month', () => {
  /** Three 8-hour days with an hour of individual supervision each: 24 hours, 12.5% supervised. */
  async function logMonth(observations: [number | null, number | null, number | null]) {
    const logger = await createLogger();
    const ids: number[] = [];
    for (const [index, hours] of observations.entries()) {
      const response = await logger.create({
        date_of_experience: `2026-03-1${index}`,
        time_of_expereince_start: '08:00',
        time_of_expereince_end: '16:00',
        unrestricted_hours: 6,
        supervision_start_time: '09:00',
        supervision_end_time: '10:00',
        client_observation: hours === null ? 'No' : 'Yes',
        observation_hours: hours,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<Log>().id);
    }
    await t.request({
      method: 'PUT',
      url: '/api/v1/rule-set/',
      token: logger.trainee.token,
      payload: { rule_set: '2027' },
    });
    return { ...logger, ids };
  }

  async function observationCheck(trainee: TestUser): Promise<Check | undefined> {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/validate/?month=2026-03',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ types: { checks: Check[] }[] }>();
    return body.types[0]?.checks.find((check) => check.key === 'observation');
  }

  async function march(trainee: TestUser) {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/dashboard-table-api/',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      results: { month: string; adjusted_hours: number; removals: Removal[] }[];
    }>();
    return body.results.find((row) => row.month === '2026-03');
  }

  it('counts nothing for a 2027 month of 59 observation minutes, and all of it at 60', async () => {
    // 30 minutes + 29 minutes (0.48 h) = 59.
    const { trainee, ids, update } = await logMonth([0.5, null, 0.48]);
    expect(await observationCheck(trainee)).toEqual({
      key: 'observation',
      label: 'Observation with a client',
      required: 60,
      actual: 59,
      unit: 'minutes',
      status: 'fail',
    });
    const failed = await march(trainee);
    expect(failed?.adjusted_hours).toBe(0);
    expect(failed?.removals.map((removal) => [removal.rule, removal.hours])).toEqual([
      ['no-observation', 24],
    ]);

    const third = ids[2];
    if (third === undefined) throw new Error('no third log');
    const response = await update(third, {
      date_of_experience: '2026-03-12',
      time_of_expereince_start: '08:00',
      time_of_expereince_end: '16:00',
      unrestricted_hours: 6,
      supervision_start_time: '09:00',
      supervision_end_time: '10:00',
      observation_hours: 0.5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await observationCheck(trainee)).toMatchObject({ actual: 60, status: 'pass' });
    expect(await march(trainee)).toMatchObject({ adjusted_hours: 24, removals: [] });
  });

  it('counts the observation time, not the supervision around it, and 2022 still counts observations', async () => {
    // Three hours of supervision, of which 45 minutes were observed.
    const { trainee } = await logMonth([0.75, null, null]);
    expect(await observationCheck(trainee)).toMatchObject({ actual: 45, status: 'fail' });
    await t.request({
      method: 'PUT',
      url: '/api/v1/rule-set/',
      token: trainee.token,
      payload: { rule_set: '2022' },
    });
    expect(await observationCheck(trainee)).toMatchObject({
      required: 1,
      actual: 1,
      unit: 'count',
      status: 'pass',
    });
  });
});

describe('the API documentation', () => {
  it('documents observation_hours on the log, written and read', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toContain('"observation_hours"');
    expect(text).toContain('at most the supervision window');
    expect(text).toContain('null without an observation');
  });
});
