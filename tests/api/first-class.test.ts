import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 39 part 4 (BCBA Handbook, "Starting Fieldwork": "They may begin accruing hours after
 * attending the first class meeting"): the pathway and first class the trainee records on the
 * profile set apart the hours dated before it, with the reason. March 2026 holds 20 days of 3 h
 * (2 to 21 March); the first class is 12 March: 10 days (30 h) come before it.
 */

let t: TestApp;
let trainee: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-04-10T12:00:00.000Z');
  trainee = await createTrainee(t.db);
  const record = await insertSupervisorRecord(t.db, trainee.id, { name: 'Dana Reyes' });
  await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: '2026-03-02',
    count: 20,
  });
});
afterAll(async () => t.close());

const REASON =
  '30 hours dated before your first class meeting (3/12/2026) do not count ("They may begin accruing hours after attending the first class meeting", Handbook, "Starting Fieldwork")';

const setStart = async (payload: Record<string, unknown>) => {
  const response = await t.request({
    method: 'PUT',
    url: `/users/profile/${trainee.id}/`,
    token: trainee.token,
    payload: { name: 'Tara Trainee', ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
};
type StructureWire = { counted_hours: number; outside: unknown[]; reasons: string[] };
const march = async () => {
  const response = await t.request({
    method: 'GET',
    url: '/api/v1/dashboard-table-api/',
    token: trainee.token,
  });
  expect(response.statusCode).toBe(200);
  const rows = response.json<{
    results: { month: string; removals: unknown[]; structures: StructureWire[] }[];
  }>().results;
  return rows.find((row) => row.month === '2026-03');
};
const validated = async () => {
  const response = await t.request({
    method: 'GET',
    url: '/api/v1/validate/?month=2026-03',
    token: trainee.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ types: { structures: StructureWire[] }[] }>().types[0]?.structures[0];
};

describe('hours before the first class (Handbook, "Starting Fieldwork")', () => {
  it('count while no pathway is recorded', async () => {
    expect((await march())?.removals).toEqual([]);
  });

  it('do not count under pathway 2, with the reason, on the dashboard and the month check', async () => {
    await setStart({ pathway: 2, first_class_on: '2026-03-12' });
    const row = await march();
    expect(row?.removals).toEqual([
      { rule: 'before-coursework', hours: 30, reason: REASON, expereince_type: 1 },
    ]);
    expect(row?.structures[0]).toMatchObject({
      counted_hours: 30,
      outside: [{ cause: 'before-coursework', hours: 30 }],
      reasons: [REASON],
    });
    expect(await validated()).toMatchObject({
      counted_hours: 30,
      outside: [{ cause: 'before-coursework', hours: 30 }],
    });
  });

  it('count again from the day the first class moves to (the day of it counts)', async () => {
    await setStart({ first_class_on: '2026-03-03' });
    const row = await march();
    expect(row?.removals).toEqual([
      {
        rule: 'before-coursework',
        hours: 3,
        reason:
          '3 hours dated before your first class meeting (3/3/2026) do not count ("They may begin accruing hours after attending the first class meeting", Handbook, "Starting Fieldwork")',
        expereince_type: 1,
      },
    ]);
  });

  it('count under pathway 4, which starts with no coursework', async () => {
    await setStart({ pathway: 4 });
    expect((await march())?.removals).toEqual([]);
    expect((await validated())?.outside).toEqual([]);
  });
});
