import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { linkSupervisor } from './forms-support';

/*
 * A first-year supervisor's consultation meetings (BCBA Handbook, "Supervisor Qualifications":
 * "receiving monthly consultation from a qualified consulting supervisor"; "Audits": "consulting
 * supervisor meetings"). Rhea was certified on 15 September 2025 and supervises Tara's logs of
 * August 2025 (before), October and November 2025, and October 2026 (after the first year).
 */

let t: TestApp;
let rhea: TestUser;
let other: TestUser;
let tara: TestUser;

const credentials = {
  bacb_account_number: 'BACB765432',
  bacb_certification_number: '2-34-56789',
  supervisor_qualification: 'BCBA',
  date_qualified: '2025-09-15',
  date_contract: '2025-10-01',
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-10T12:00:00.000Z');
  rhea = await createSupervisor(t.db, { name: 'Rhea Rowan' });
  other = await createSupervisor(t.db, { name: 'Olga Other' });
  tara = await createTrainee(t.db, { name: 'Tara Trainee' });
  const record = await linkSupervisor(t, tara, rhea, 'Rhea', 'Rowan');
  for (const firstDate of ['2025-08-04', '2025-10-06', '2025-11-03', '2026-10-05']) {
    await insertDailyLogs(t.db, {
      traineeId: tara.id,
      traineeSupervisorId: record,
      firstDate,
      count: 2,
    });
  }
  const saved = await t.request({
    method: 'PUT',
    url: `/users/supervisor/${rhea.id}/`,
    token: rhea.token,
    payload: { ...credentials, certified_on: '2025-09-15' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t.close());

const list = (user: TestUser) =>
  t.request({ method: 'GET', url: '/api/v1/consultations/', token: user.token });
const add = (user: TestUser, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/v1/consultations/', token: user.token, payload });
const meeting = {
  met_on: '2025-10-20',
  consultant_name: 'Cora Consultant',
  consultant_bacb_id: '1-11-11111',
  notes: 'Reviewed the treatment plans.',
};

describe('GET /api/v1/consultations/', () => {
  it('lists each first-year month supervised without a consultation, with the section', async () => {
    const response = await list(rhea);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [],
      certified_on: '2025-09-15',
      first_year_ends_on: '2026-09-15',
      missing: ['2025-10', '2025-11'].map((month) => ({
        code: 'consultation-missing',
        month,
        message: expect.stringContaining(
          '"monthly consultation from a qualified consulting supervisor" (Handbook, "Supervisor Qualifications")',
        ),
      })),
    });
    expect(response.json<{ missing: { message: string }[] }>().missing[0]?.message).toMatch(
      /^You supervised fieldwork in October 2025, in your first year of certification/,
    );
  });

  it('lists nothing missing for a supervisor without supervised months', async () => {
    expect((await list(other)).json()).toEqual({
      results: [],
      certified_on: null,
      first_year_ends_on: null,
      missing: [],
    });
  });
});

describe('POST and DELETE /api/v1/consultations/', () => {
  it('records a meeting: its month is no longer missing', async () => {
    const response = await add(rhea, { ...meeting, consultant_bacb_id: '1-11-11111 ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      ...meeting,
      created_at: '2026-11-10T12:00:00.000Z',
    });
    const answer = (await list(rhea)).json<{ results: unknown[]; missing: { month: string }[] }>();
    expect(answer.results).toEqual([response.json()]);
    expect(answer.missing.map((flag) => flag.month)).toEqual(['2025-11']);
  });

  it('lists the meetings newest first; notes may be left out', async () => {
    const later = await add(rhea, { ...meeting, met_on: '2025-11-18', notes: undefined });
    expect(later.statusCode).toBe(201);
    expect(later.json<{ notes: string }>().notes).toBe('');
    const answer = (await list(rhea)).json<{ results: { met_on: string }[]; missing: unknown[] }>();
    expect(answer.results.map((item) => item.met_on)).toEqual(['2025-11-18', '2025-10-20']);
    expect(answer.missing).toEqual([]);
  });

  it('shows no supervisor another’s meetings', async () => {
    expect((await list(other)).json<{ results: unknown[] }>().results).toEqual([]);
  });

  it('answers 404 when another supervisor deletes a meeting, and keeps it', async () => {
    const [first] = (await list(rhea)).json<{ results: { id: number }[] }>().results;
    const response = await t.request({
      method: 'DELETE',
      url: `/api/v1/consultations/${first?.id}/`,
      token: other.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Consultation not found', code: 'NOT_FOUND' });
    expect((await list(rhea)).json<{ results: unknown[] }>().results).toHaveLength(2);
  });

  it('deletes the supervisor’s own meeting: its month is missing again; a second delete is 404', async () => {
    const [newest] = (await list(rhea)).json<{ results: { id: number }[] }>().results;
    const url = `/api/v1/consultations/${newest?.id}/`;
    expect((await t.request({ method: 'DELETE', url, token: rhea.token })).statusCode).toBe(204);
    const answer = (await list(rhea)).json<{ missing: { month: string }[] }>();
    expect(answer.missing.map((flag) => flag.month)).toEqual(['2025-11']);
    expect((await t.request({ method: 'DELETE', url, token: rhea.token })).statusCode).toBe(404);
  });

  it.each([
    [
      'tomorrow',
      { met_on: '2026-11-11' },
      { met_on: ['The meeting date cannot be in the future'] },
    ],
    ['no such day', { met_on: '2026-02-30' }, { met_on: ['⋆Invalid date'] }],
    ['a blank name', { consultant_name: '  ' }, { consultant_name: ['⋆Required'] }],
    [
      'a bad BACB ID',
      { consultant_bacb_id: 'nope' },
      { consultant_bacb_id: ['Not a valid number'] },
    ],
    ['long notes', { notes: 'x'.repeat(2001) }, { notes: ['Must be at most 2000 characters'] }],
  ])('refuses %s', async (_case, change, errors) => {
    const response = await add(rhea, { ...meeting, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  it('refuses a trainee (403) and nobody signed in (401)', async () => {
    expect((await list(tara)).statusCode).toBe(403);
    expect((await add(tara, meeting)).statusCode).toBe(403);
    const anonymous = await t.request({ method: 'GET', url: '/api/v1/consultations/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
