import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * POST /api/v1/experience-log/ with an Idempotency-Key (decision 023): the offline log form's
 * retries make one log, whatever the number and order of the requests.
 */

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let recordId: number;
let otherRecordId: number;

const url = '/api/v1/experience-log/';
type Log = { id: number; date_of_experience: string; time_of_expereince_start: string };

async function addSupervisorRecord(user: TestUser): Promise<number> {
  await createSupervisor(t.db, { email: `dana-${user.id}@example.com` });
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: user.token,
    payload: { name: 'Dana Reyes', email: `dana-${user.id}@example.com` },
  });
  return response.json<{ id: number }>().id;
}

function post(key: string | undefined, overrides: Partial<LogEntryWire> = {}, user = trainee) {
  const record = user === trainee ? recordId : otherRecordId;
  return t.request({
    method: 'POST',
    url,
    token: user.token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: createLogPayload({ supervisor: record, trainee_supervisor: record, ...overrides }),
  });
}

async function logsOn(date: string, user = trainee): Promise<Log[]> {
  const response = await t.request({
    method: 'GET',
    url: `${url}?date_of_experience=${date}`,
    token: user.token,
  });
  return response.json<{ results: Log[] }>().results;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  trainee = await createTrainee(t.db);
  otherTrainee = await createTrainee(t.db);
  recordId = await addSupervisorRecord(trainee);
  otherRecordId = await addSupervisorRecord(otherTrainee);
});
afterAll(async () => t.close());

describe('Idempotency-Key on a new log', () => {
  it('answers a retry with the same key and body with the same log (200), writing no second', async () => {
    const key = randomUUID();
    const first = await post(key, { date_of_experience: '2026-03-02' });
    expect(first.statusCode).toBe(201);
    const retry = await post(key, { date_of_experience: '2026-03-02' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Log>().id).toBe(first.json<Log>().id);
    expect(retry.json()).toEqual(first.json());
    expect((await logsOn('2026-03-02')).map((log) => log.id)).toEqual([first.json<Log>().id]);
  });

  it('makes one log of concurrent requests with one key', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(key, { date_of_experience: '2026-03-03' })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.json<Log>().id));
    expect(ids.size).toBe(1);
    expect((await logsOn('2026-03-03')).map((log) => log.id)).toEqual([...ids]);
  });

  it('refuses the same key with another entry (409), writing nothing', async () => {
    const key = randomUUID();
    expect((await post(key, { date_of_experience: '2026-03-04' })).statusCode).toBe(201);
    const other = await post(key, { date_of_experience: '2026-03-06' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 'CONFLICT',
      detail:
        'This Idempotency-Key was already used for a different entry. Send a new entry with a new key.',
    });
    expect(await logsOn('2026-03-06')).toEqual([]);
  });

  it("never matches another trainee's key", async () => {
    const key = randomUUID();
    const mine = await post(key, { date_of_experience: '2026-03-09' });
    expect(mine.statusCode).toBe(201);
    const theirs = await post(key, { date_of_experience: '2026-03-09' }, otherTrainee);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<Log>().id).not.toBe(mine.json<Log>().id);
    expect((await logsOn('2026-03-09', otherTrainee)).map((log) => log.id)).toEqual([
      theirs.json<Log>().id,
    ]);
    expect((await logsOn('2026-03-09')).map((log) => log.id)).toEqual([mine.json<Log>().id]);
  });

  it('refuses a key that is not a UUID with 400 in the contract shape', async () => {
    const response = await post('not-a-uuid', { date_of_experience: '2026-03-10' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'idempotency-key': ['Idempotency-Key must be a UUID (one per entry, made by the client).'],
    });
    expect(await logsOn('2026-03-10')).toEqual([]);
  });

  it('still refuses an overlap for a new key, and creates without a key as before', async () => {
    expect((await post(undefined, { date_of_experience: '2026-03-11' })).statusCode).toBe(201);
    const overlap = await post(randomUUID(), { date_of_experience: '2026-03-11' });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toEqual({
      time_of_expereince_start: ['This entry overlaps your log of 3/11/2026, 09:00–12:00.'],
    });
    expect(await logsOn('2026-03-11')).toHaveLength(1);
  });
});
