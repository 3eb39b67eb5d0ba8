import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHostileFixture,
  LOGS,
  SUPERVISORS,
  type HostileFixture,
} from '../helpers/hostile-fixture';

/*
 * Issue 8 §8, ids and dates: a path id no `integer` can hold is a 404 like any missing id; such
 * an id in a body or a query, or a date that does not exist, is a 400 on its field, never a 500.
 */

const NOT_FOUND = { detail: 'Not found.', code: 'NOT_FOUND' };
const BEYOND_INTEGER = 2_147_483_648;
/** Ids no `integer` column holds, as a number, as a float the size of a double, as digits. */
const HUGE_IDS = [BEYOND_INTEGER, 9_007_199_254_740_994, 1e308, '9223372036854775808'];
const IMPOSSIBLE_DATES = ['0000-00-00', '2026-02-30', '2024-13-01'];

let f: HostileFixture;
beforeAll(async () => {
  f = await createHostileFixture();
});
afterAll(async () => f.t.close());

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
    const response = await f.t.request({
      method,
      url,
      token: f.trainee.token,
      ...(method === 'PUT' || method === 'PATCH' ? { payload: f.logPayload() } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('answers a profile id beyond integer with 404, and a malformed one with 400', async () => {
    const beyond = await f.t.request({
      method: 'PUT',
      url: `/users/profile/${BEYOND_INTEGER}/`,
      token: f.trainee.token,
      payload: { name: 'Tara' },
    });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual(NOT_FOUND);
    const malformed = await f.t.request({
      method: 'GET',
      url: `${LOGS}-1/`,
      token: f.trainee.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ id: ['Not a valid id'] });
  });

  it.each(HUGE_IDS)('refuses %s as a log’s supervisor with a field error', async (id) => {
    const before = await f.logCount();
    const response = await f.t.request({
      method: 'POST',
      url: LOGS,
      token: f.trainee.token,
      payload: f.logPayload({ date_of_experience: '2026-03-09', supervisor: id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ supervisor: ['Not a valid id'] });
    expect(await f.logCount()).toBe(before);
  });

  it.each(HUGE_IDS)('refuses %s as u_id and log_id with a field error', async (id) => {
    const requests = [
      { url: '/api/v1/remove-user/', payload: { u_id: id }, field: 'u_id' },
      { url: '/api/v1/reopen-log/', payload: { log_id: id }, field: 'log_id' },
      { url: '/api/v1/approve-logs/', payload: { u_id: id, log_ids: [f.logId] }, field: 'u_id' },
      {
        url: '/api/v1/approve-logs/',
        payload: { u_id: f.trainee.id, log_ids: [id] },
        field: 'log_ids',
      },
      { url: '/api/v1/month-signoff/', payload: { u_id: id, month: '2026-03' }, field: 'u_id' },
    ];
    for (const { url, payload, field } of requests) {
      const response = await f.t.request({
        method: 'POST',
        url,
        token: f.supervisor.token,
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ [field]: ['Not a valid id'] });
    }
    for (const url of [
      '/api/v1/experience-log/',
      '/api/v1/get-accrued/',
      '/api/v1/month-signoff/',
    ]) {
      const response = await f.t.request({
        method: 'GET',
        url,
        query: { u_id: String(id) },
        token: f.supervisor.token,
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
      const response = await f.t.request({
        method: 'POST',
        url: '/api/v1/flag-log/',
        token: f.supervisor.token,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ log_id: ['Not a valid id'] });
    }
  });
});

describe('dates of the right shape that do not exist', () => {
  it.each(IMPOSSIBLE_DATES)('refuses %s as a filter of the log list', async (date) => {
    for (const token of [f.trainee.token, f.supervisor.token]) {
      const response = await f.t.request({
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
      const response = await f.t.request({
        method: 'GET',
        url: '/api/v1/get-accrued/',
        query: { [field]: date },
        token: f.trainee.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: ['⋆Invalid date'] });
    }
  });

  it('refuses a month of year 0000 and keeps the form message for a malformed date', async () => {
    const month = await f.t.request({
      method: 'GET',
      url: LOGS,
      query: { month: '0000-01' },
      token: f.trainee.token,
    });
    expect(month.statusCode).toBe(400);
    expect(month.json()).toEqual({ month: ['Use the form YYYY-MM'] });
    const malformed = await f.t.request({
      method: 'GET',
      url: '/api/v1/get-dates/',
      query: { start_date: '2026-3-1', end_date: '2026-02-30' },
      token: f.supervisor.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      start_date: ['Use the form YYYY-MM-DD'],
      end_date: ['⋆Invalid date'],
    });
  });
});
