import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, traineeSupervisors, users } from '../../src/server/db/schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The examples of issue 8 §8, one by one: input the database cannot hold is a 400 with the
 * contract's body (or a 404 for a path id that cannot exist), never a 500, and nothing is stored.
 */

let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;
let recordId: number;
let logId: number;

const LOGS = '/api/v1/experience-log/';
const SUPERVISORS = '/api/v1/trainee-supervisors/';
const CONTROL = 'Must not contain control characters';
const INVALID_CHARACTERS = 'Must not contain invalid characters';
const NOT_FOUND = { detail: 'Not found.', code: 'NOT_FOUND' };
const BEYOND_INTEGER = 2_147_483_648;
/** Ids no `integer` column holds, as a number, as a float the size of a double, as digits. */
const HUGE_IDS = [BEYOND_INTEGER, 9_007_199_254_740_994, 1e308, '9223372036854775808'];
const IMPOSSIBLE_DATES = ['0000-00-00', '2026-02-30', '2024-13-01'];

const logPayload = (overrides: Partial<LogEntryWire> = {}) =>
  createLogPayload({ supervisor: recordId, trainee_supervisor: recordId, ...overrides });

async function logCount(): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(experienceLogs)
    .where(eq(experienceLogs.traineeId, trainee.id));
  return row?.n ?? 0;
}

async function supervisorRecordCount(): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(traineeSupervisors)
    .where(eq(traineeSupervisors.traineeId, trainee.id));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  trainee = await createTrainee(t.db, { name: 'Tara Trainee' });
  supervisor = await createSupervisor(t.db, { email: `dana-${Date.now()}@example.com` });
  const record = await t.request({
    method: 'POST',
    url: SUPERVISORS,
    token: trainee.token,
    payload: { name: 'Dana', lastname: 'Reyes', email: supervisor.email },
  });
  expect(record.statusCode).toBe(201);
  recordId = record.json<{ id: number }>().id;
  const log = await t.request({
    method: 'POST',
    url: LOGS,
    token: trainee.token,
    payload: logPayload(),
  });
  expect(log.statusCode).toBe(201);
  logId = log.json<{ id: number }>().id;
});
afterAll(async () => t.close());

describe('control characters in free text', () => {
  it('refuses a NUL in a new log’s note and stores no log', async () => {
    const before = await logCount();
    const response = await t.request({
      method: 'POST',
      url: LOGS,
      token: trainee.token,
      payload: logPayload({ date_of_experience: '2026-03-06', experience_note: 'a\u0000b' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ experience_note: [CONTROL] });
    expect(await logCount()).toBe(before);
  });

  it('refuses a NUL in an edited log’s note and keeps the note it had', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `${LOGS}${logId}/`,
      token: trainee.token,
      payload: logPayload({ experience_note: 'edited\u0000' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ experience_note: [CONTROL] });
    const log = await t.request({ method: 'GET', url: `${LOGS}${logId}/`, token: trainee.token });
    expect(log.json<{ experience_note: string }>().experience_note).toBe(
      'Ran a preference assessment',
    );
  });

  it('refuses a NUL in a supervisor’s last name, on add and on edit', async () => {
    const before = await supervisorRecordCount();
    const added = await t.request({
      method: 'POST',
      url: SUPERVISORS,
      token: trainee.token,
      payload: { name: 'Ana', lastname: 'Li\u0000', email: 'ana.li@example.com' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ lastname: [CONTROL] });
    expect(await supervisorRecordCount()).toBe(before);

    const edited = await t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${recordId}/`,
      token: trainee.token,
      payload: { lastname: '\u0000' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ lastname: [CONTROL] });
    const [row] = await t.db
      .select({ lastname: traineeSupervisors.lastname })
      .from(traineeSupervisors)
      .where(eq(traineeSupervisors.id, recordId));
    expect(row?.lastname).toBe('Reyes');
  });
});

describe('unpaired UTF-16 surrogates', () => {
  it('refuses a log note with a lone surrogate, and keeps a real pair as sent', async () => {
    const lone = await t.request({
      method: 'POST',
      url: LOGS,
      token: trainee.token,
      payload: logPayload({ date_of_experience: '2026-03-07', experience_note: 'x\ud800y' }),
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual({ experience_note: [INVALID_CHARACTERS] });

    const paired = await t.request({
      method: 'POST',
      url: LOGS,
      token: trainee.token,
      payload: logPayload({ date_of_experience: '2026-03-07', experience_note: 'x\ud83d\ude00y' }),
    });
    expect(paired.statusCode).toBe(201);
    expect(paired.json<{ experience_note: string }>().experience_note).toBe('x😀y');
  });

  it('refuses a profile name with a lone surrogate instead of storing x\ufffdy', async () => {
    const person = await createTrainee(t.db, { name: 'Ola Original' });
    const response = await t.request({
      method: 'PUT',
      url: `/users/profile/${person.id}/`,
      token: person.token,
      payload: { name: 'x\ud800y' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [INVALID_CHARACTERS] });
    const [row] = await t.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row?.name).toBe('Ola Original');

    const paired = await t.request({
      method: 'PUT',
      url: `/users/profile/${person.id}/`,
      token: person.token,
      payload: { name: 'Ola \ud83d\ude00' },
    });
    expect(paired.statusCode).toBe(200);
    expect(paired.json<{ name: string }>().name).toBe('Ola 😀');
  });
});

describe('ids beyond PostgreSQL’s integer', () => {
  it.each([
    ['GET', `${LOGS}${BEYOND_INTEGER}/`],
    ['PUT', `${LOGS}${BEYOND_INTEGER}/`],
    ['DELETE', `${LOGS}${BEYOND_INTEGER}/`],
    ['POST', `${LOGS}${BEYOND_INTEGER}/restore/`],
    ['GET', `${LOGS}${BEYOND_INTEGER}/history/`],
    ['PATCH', `${SUPERVISORS}${BEYOND_INTEGER}/`],
    ['DELETE', `${SUPERVISORS}${BEYOND_INTEGER}/`],
    ['GET', `${LOGS}99999999999999999999999999/`],
    ['GET', `${LOGS}0/`],
  ] as const)('answers %s %s with 404, as for an id that is not there', async (method, url) => {
    const response = await t.request({
      method,
      url,
      token: trainee.token,
      ...(method === 'PUT' || method === 'PATCH' ? { payload: logPayload() } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('answers a profile id beyond integer with 404, and a malformed one with 400', async () => {
    const beyond = await t.request({
      method: 'PUT',
      url: `/users/profile/${BEYOND_INTEGER}/`,
      token: trainee.token,
      payload: { name: 'Tara' },
    });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual(NOT_FOUND);
    const malformed = await t.request({
      method: 'GET',
      url: `${LOGS}-1/`,
      token: trainee.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ id: ['Not a valid id'] });
  });

  it.each(HUGE_IDS)('refuses %s as a log’s supervisor with a field error', async (id) => {
    const before = await logCount();
    const response = await t.request({
      method: 'POST',
      url: LOGS,
      token: trainee.token,
      payload: logPayload({ date_of_experience: '2026-03-09', supervisor: id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ supervisor: ['Not a valid id'] });
    expect(await logCount()).toBe(before);
  });

  it.each(HUGE_IDS)('refuses %s as u_id and log_id with a field error', async (id) => {
    const requests = [
      { url: '/api/v1/remove-user/', payload: { u_id: id }, field: 'u_id' },
      { url: '/api/v1/reopen-log/', payload: { log_id: id }, field: 'log_id' },
      { url: '/api/v1/approve-logs/', payload: { u_id: id, log_ids: [logId] }, field: 'u_id' },
      {
        url: '/api/v1/approve-logs/',
        payload: { u_id: trainee.id, log_ids: [id] },
        field: 'log_ids',
      },
      { url: '/api/v1/month-signoff/', payload: { u_id: id, month: '2026-03' }, field: 'u_id' },
    ];
    for (const { url, payload, field } of requests) {
      const response = await t.request({ method: 'POST', url, token: supervisor.token, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ [field]: ['Not a valid id'] });
    }
    for (const url of [
      '/api/v1/experience-log/',
      '/api/v1/get-accrued/',
      '/api/v1/month-signoff/',
    ]) {
      const response = await t.request({
        method: 'GET',
        url,
        query: { u_id: String(id) },
        token: supervisor.token,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ u_id: ['Not a valid id'] });
    }
  });

  it.each(HUGE_IDS)('refuses %s as the log_id of an approval or a flag', async (id) => {
    for (const payload of [
      { log_id: id, is_approved: true },
      { log_id: id, is_flag: true, data: { setting: true } },
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/flag-log/',
        token: supervisor.token,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ log_id: ['Not a valid id'] });
    }
  });
});

describe('paths that are not valid percent-encoded UTF-8', () => {
  it.each(['%ED%A0%80', '%FF', '%E0%A4%A'])(
    'answers %s in a path with the contract’s 400, not the router’s own body',
    async (segment) => {
      const response = await t.request({
        method: 'GET',
        url: `${LOGS}${segment}/`,
        token: trainee.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['The request could not be read.'] });
    },
  );
});

describe('dates of the right shape that do not exist', () => {
  it.each(IMPOSSIBLE_DATES)('refuses %s as a filter of the log list', async (date) => {
    for (const token of [trainee.token, supervisor.token]) {
      const response = await t.request({
        method: 'GET',
        url: LOGS,
        query: { date_of_experience: date },
        token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ date_of_experience: ['⋆Invalid date'] });
    }
  });

  it.each(IMPOSSIBLE_DATES)('refuses %s as either end of the accrued range', async (date) => {
    for (const field of ['from_date', 'to_date']) {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/get-accrued/',
        query: { [field]: date },
        token: trainee.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: ['⋆Invalid date'] });
    }
  });

  it('refuses a month of year 0000 and keeps the form message for a malformed date', async () => {
    const month = await t.request({
      method: 'GET',
      url: LOGS,
      query: { month: '0000-01' },
      token: trainee.token,
    });
    expect(month.statusCode).toBe(400);
    expect(month.json()).toEqual({ month: ['Use the form YYYY-MM'] });
    const malformed = await t.request({
      method: 'GET',
      url: '/api/v1/get-dates/',
      query: { start_date: '2026-3-1', end_date: '2026-02-30' },
      token: supervisor.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      start_date: ['Use the form YYYY-MM-DD'],
      end_date: ['⋆Invalid date'],
    });
  });
});

describe('an update with nothing to set', () => {
  it('answers PATCH {} with the record unchanged', async () => {
    const before = await t.request({ method: 'GET', url: SUPERVISORS, token: trainee.token });
    const record = before
      .json<{ results: { id: number }[] }>()
      .results.find((row) => row.id === recordId);
    const response = await t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${recordId}/`,
      token: trainee.token,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(record);
  });

  it('answers a PATCH of the email the record already has with the record unchanged', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${recordId}/`,
      token: trainee.token,
      payload: { email: supervisor.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: recordId,
      name: 'Dana',
      lastname: 'Reyes',
      email: supervisor.email,
      supervisor: supervisor.id,
    });
  });

  it('still answers PATCH {} on another trainee’s record with 404', async () => {
    const other = await createTrainee(t.db);
    const response = await t.request({
      method: 'PATCH',
      url: `${SUPERVISORS}${recordId}/`,
      token: other.token,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});
