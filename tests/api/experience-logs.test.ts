import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
let supervisorRecordId: number;

const url = '/api/v1/experience-log/';
type Log = { id: number; status: string; experience_hours: number; [key: string]: unknown };

async function addSupervisorRecord(user: TestUser, email: string): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: user.token,
    payload: { name: 'Dana Reyes', email },
  });
  return response.json<{ id: number }>().id;
}

function payload(overrides: Partial<LogEntryWire> = {}): LogEntryWire {
  return createLogPayload({
    supervisor: supervisorRecordId,
    trainee_supervisor: supervisorRecordId,
    ...overrides,
  });
}

async function createLog(overrides: Partial<LogEntryWire> = {}, user: TestUser = trainee) {
  return t.request({ method: 'POST', url, token: user.token, payload: payload(overrides) });
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  trainee = await createTrainee(t.db, { name: 'Tara Trainee' });
  otherTrainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db, { email: 'dana@example.com' });
  supervisorRecordId = await addSupervisorRecord(trainee, 'dana@example.com');
  await answerRequestFrom(t, supervisor, trainee.email);
});
afterAll(async () => t.close());

describe('experience logs', () => {
  it('creates a pending log and computes every hour on the server', async () => {
    const response = await createLog({
      experience_hours: 99,
      restricted_hours: 42,
      independant_hours: 7,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user: { id: trainee.id, name: 'Tara Trainee' },
      status: 'pending',
      expereince_type: 1,
      expereince_type_name: 'Supervised Fieldwork',
      setting_name: "Client's home",
      supervisor: supervisorRecordId,
      trainee_supervisor: supervisorRecordId,
      supervisor_account: true,
      date_of_experience: '2026-03-05',
      time_of_expereince_start: '09:00',
      time_of_expereince_end: '12:00',
      experience_hours: 3,
      unrestricted_hours: 2,
      restricted_hours: 1,
      supervised_hours: 1,
      independant_hours: 2,
      task: [
        { id: 'A.1', version: 'v6' },
        { id: 'B.2', version: 'v6' },
      ],
    });
  });

  it('stores actual hours for a concentrated entry the old client sent ×1.33', async () => {
    // January: March with this supervisor holds supervised fieldwork.
    const response = await createLog({
      expereince_type: 2,
      date_of_experience: '2026-01-06',
      experience_hours: 3.99,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ expereince_type: 2, experience_hours: 3 });
  });

  it("clears the supervision fields of a 'No supervision' entry", async () => {
    const response = await createLog({
      date_of_experience: '2026-03-07',
      individual_or_group: 'No supervision',
      method_of_supervision: 'Virtual',
      supervision_start_time: '10:00',
      supervision_end_time: '11:00',
      client_observation: 'Yes',
      supervision_contact: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      method_of_supervision: null,
      supervision_start_time: null,
      supervision_end_time: null,
      supervised_hours: 0,
      independant_hours: 3,
      client_observation: null,
      supervision_contact: null,
    });
  });

  it('refuses a log overlapping another, naming it', async () => {
    const response = await createLog({
      time_of_expereince_start: '11:00',
      time_of_expereince_end: '13:00',
      supervision_start_time: '11:30',
      supervision_end_time: '12:00',
      supervised_hours: 0.5,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      time_of_expereince_start: ['This entry overlaps your log of 3/5/2026, 09:00–12:00.'],
    });
  });

  it('accepts a log that starts when another ends', async () => {
    const response = await createLog({
      time_of_expereince_start: '12:00',
      time_of_expereince_end: '13:00',
      unrestricted_hours: 1,
      supervision_start_time: '12:00',
      supervision_end_time: '12:30',
      supervised_hours: 0.5,
    });
    expect(response.statusCode).toBe(201);
  });

  it('reports each broken rule with its message, and writes nothing', async () => {
    const before = (await t.request({ method: 'GET', url, token: trainee.token })).json<{
      results: Log[];
    }>().results.length;
    const response = await createLog({
      date_of_experience: '2026-03-23',
      experience_note: '',
      task: [],
      unrestricted_hours: -1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      date_of_experience: ['Date of experience cannot be in the future'],
      experience_note: ['⋆Required'],
      task: ['⋆Required'],
      unrestricted_hours: ['Hours cannot be negative'],
    });
    const after = (await t.request({ method: 'GET', url, token: trainee.token })).json<{
      results: Log[];
    }>().results.length;
    expect(after).toBe(before);
  });

  it('allows tomorrow, because a trainee’s today may be a day ahead of the server’s', async () => {
    const response = await createLog({ date_of_experience: '2026-03-21' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses 5th-edition tasks on a new entry', async () => {
    const response = await createLog({ date_of_experience: '2026-03-09', task: ['A-1'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      task: ['New entries must use tasks from the 6th Edition Test Content Outline.'],
    });
  });

  it('refuses another trainee’s supervisor record', async () => {
    const foreign = await addSupervisorRecord(otherTrainee, 'someone@example.com');
    const response = await createLog({
      date_of_experience: '2026-03-10',
      supervisor: foreign,
      trainee_supervisor: foreign,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ supervisor: ['Choose one of your supervisors'] });
  });

  it('creates a new supervisor inline, then links the log to it', async () => {
    const response = await createLog({
      date_of_experience: '2026-03-11',
      supervisor: '',
      trainee_supervisor: '',
      newSupervisor: 'Morgan Lee',
      newSupervisorEmail: 'Morgan.Lee@Example.com',
    });
    expect(response.statusCode).toBe(201);
    const log = response.json<Log & { supervisor: number; supervisor_name: string }>();
    expect(log.supervisor_name).toBe('Morgan Lee');
    const list = (
      await t.request({ method: 'GET', url: '/api/v1/trainee-supervisors/', token: trainee.token })
    ).json<{
      results: { id: number; email: string }[];
    }>();
    expect(list.results.find((row) => row.email === 'morgan.lee@example.com')?.id).toBe(
      log.supervisor,
    );
  });

  it('filters by status, month and date', async () => {
    const byDate = (
      await t.request({
        method: 'GET',
        url: `${url}?date_of_experience=2026-03-05`,
        token: trainee.token,
      })
    ).json<{ results: Log[] }>();
    expect(byDate.results.map((log) => log.time_of_expereince_start)).toEqual(['12:00', '09:00']);
    const byMonth = (
      await t.request({ method: 'GET', url: `${url}?month=2026-02`, token: trainee.token })
    ).json<{ results: Log[] }>();
    expect(byMonth.results).toEqual([]);
    const pending = (
      await t.request({ method: 'GET', url: `${url}?status=pending`, token: trainee.token })
    ).json<{ results: Log[] }>();
    expect(pending.results.length).toBeGreaterThan(3);
    const bad = await t.request({
      method: 'GET',
      url: `${url}?month=2026-13`,
      token: trainee.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ month: ['Use the form YYYY-MM'] });
  });

  it('edits a log and keeps the change in its history', async () => {
    const created = (await createLog({ date_of_experience: '2026-03-12' })).json<Log>();
    const response = await t.request({
      method: 'PUT',
      url: `${url}${created.id}/`,
      token: trainee.token,
      payload: payload({
        date_of_experience: '2026-03-12',
        time_of_expereince_end: '13:00',
        unrestricted_hours: 3,
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      experience_hours: 4,
      restricted_hours: 1,
      status: 'pending',
    });
    const history = (
      await t.request({ method: 'GET', url: `${url}${created.id}/history/`, token: trainee.token })
    ).json<{
      results: {
        action: string;
        actor: { id: number };
        changes: Record<string, { old: unknown; new: unknown }>;
      }[];
    }>().results;
    expect(history.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(history[1]?.actor.id).toBe(trainee.id);
    expect(history[1]?.changes).toEqual({
      time_of_expereince_end: { old: '12:00', new: '13:00' },
      experience_hours: { old: 3, new: 4 },
      unrestricted_hours: { old: 2, new: 3 },
      independant_hours: { old: 2, new: 3 },
    });
  });

  it('accepts the contract’s resubmit body { id, log }', async () => {
    const created = (await createLog({ date_of_experience: '2026-03-13' })).json<Log>();
    const response = await t.request({
      method: 'PUT',
      url: `${url}${created.id}/`,
      token: trainee.token,
      payload: {
        id: created.id,
        log: payload({ date_of_experience: '2026-03-13', experience_note: 'Corrected note' }),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ experience_note: 'Corrected note' });
  });

  it('deletes a log, lists it as recoverable for 30 days, and restores it', async () => {
    const created = (await createLog({ date_of_experience: '2026-03-14' })).json<Log>();
    const deleted = await t.request({
      method: 'DELETE',
      url: `${url}${created.id}/`,
      token: trainee.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `${url}${created.id}/`, token: trainee.token }))
        .statusCode,
    ).toBe(404);
    const recoverable = (
      await t.request({ method: 'GET', url: `${url}deleted/`, token: trainee.token })
    ).json<{ results: Log[] }>();
    expect(recoverable.results.map((log) => log.id)).toEqual([created.id]);
    const restored = await t.request({
      method: 'POST',
      url: `${url}${created.id}/restore/`,
      token: trainee.token,
    });
    expect(restored.statusCode).toBe(200);
    const history = (
      await t.request({ method: 'GET', url: `${url}${created.id}/history/`, token: trainee.token })
    ).json<{ results: { action: string }[] }>();
    expect(history.results.map((entry) => entry.action)).toEqual(['create', 'delete', 'restore']);
  });

  it('does not restore a log deleted more than 30 days ago', async () => {
    const created = (await createLog({ date_of_experience: '2026-03-15' })).json<Log>();
    await t.request({ method: 'DELETE', url: `${url}${created.id}/`, token: trainee.token });
    const realNow = t.clock.now;
    t.clock.advanceMinutes(31 * 24 * 60);
    const restored = await t.request({
      method: 'POST',
      url: `${url}${created.id}/restore/`,
      token: trainee.token,
    });
    t.clock.now = realNow;
    expect(restored.statusCode).toBe(404);
  });

  it('keeps a supervisor that logs name from being deleted', async () => {
    const response = await t.request({
      method: 'DELETE',
      url: `/api/v1/trainee-supervisors/${supervisorRecordId}/`,
      token: trainee.token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(
      /^This supervisor is on \d+ of your logs, so they cannot be deleted/,
    );
  });

  it('answers 404 for another trainee’s log on every route', async () => {
    const created = (await createLog({ date_of_experience: '2026-03-16' })).json<Log>();
    for (const [method, path] of [
      ['GET', `${url}${created.id}/`],
      ['PUT', `${url}${created.id}/`],
      ['DELETE', `${url}${created.id}/`],
      ['GET', `${url}${created.id}/history/`],
      ['POST', `${url}${created.id}/restore/`],
    ] as const) {
      const response = await t.request({
        method,
        url: path,
        token: otherTrainee.token,
        payload: method === 'PUT' ? payload() : undefined,
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = (await t.request({ method: 'GET', url, token: otherTrainee.token })).json<{
      results: Log[];
    }>();
    expect(list.results).toEqual([]);
  });

  it('answers 401 without a token; a supervisor cannot write logs', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url, payload: payload() })).statusCode).toBe(401);
    const write = await t.request({
      method: 'POST',
      url,
      token: supervisor.token,
      payload: payload(),
    });
    expect(write.statusCode).toBe(403);
  });

  it('shows a supervisor only the logs of trainees linked to them', async () => {
    // The trainee listed this supervisor's email, so the supervisor sees the trainee's logs…
    const linked = await t.request({ method: 'GET', url, token: supervisor.token });
    expect(linked.statusCode).toBe(200);
    const owners = new Set(
      linked.json<{ results: { user: { id: number } }[] }>().results.map((log) => log.user.id),
    );
    expect([...owners]).toEqual([trainee.id]);
    // …and nothing of a trainee who did not list them.
    const other = await createSupervisor(t.db);
    expect((await t.request({ method: 'GET', url, token: other.token })).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});
