import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A supervisor reads the history of their linked trainees' logs (GET …/experience-log/{id}/history/). */

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
let stranger: TestUser;
let recordId: number;
let otherRecordId: number;
let logId: number;
let otherSupervisorsLogId: number;

type HistoryEntry = {
  action: string;
  actor: { id: number | null; name: string | null };
  at: string;
  changes: Record<string, { old: unknown; new: unknown }>;
};

const historyUrl = (id: number) => `/api/v1/experience-log/${id}/history/`;

async function addSupervisorRecord(user: TestUser, email: string): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: user.token,
    payload: { name: 'Sam', lastname: 'Stone', email },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

async function createLog(record: number, overrides: Partial<LogEntryWire> = {}): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: trainee.token,
    payload: createLogPayload({ supervisor: record, trainee_supervisor: record, ...overrides }),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

const send = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => t.request({ method, url, token: user.token, payload });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  trainee = await createTrainee(t.db, { name: 'Hana History' });
  otherTrainee = await createTrainee(t.db, { name: 'Olga Other' });
  supervisor = await createSupervisor(t.db, { name: 'Sam Stone' });
  stranger = await createSupervisor(t.db, { name: 'Una Unlinked' });
  recordId = await addSupervisorRecord(trainee, supervisor.email);
  await answerRequestFrom(t, supervisor, trainee.email);
  otherRecordId = await addSupervisorRecord(trainee, 'someone.else@example.com');

  logId = await createLog(recordId, {
    date_of_experience: '2026-03-02',
    experience_note: 'Ran a preference assessment',
  });
  otherSupervisorsLogId = await createLog(otherRecordId, { date_of_experience: '2026-03-03' });

  t.clock.advanceMinutes(60);
  const flagged = await send(supervisor, 'POST', '/api/v1/flag-log/', {
    log_id: logId,
    is_flag: true,
    data: { experience_note: { flagged: true, comment: 'Name the programme.' } },
  });
  if (flagged.statusCode !== 200) throw new Error(flagged.body);

  t.clock.advanceMinutes(60);
  const resent = await send(trainee, 'PUT', `/api/v1/experience-log/${logId}/`, {
    id: logId,
    log: createLogPayload({
      supervisor: recordId,
      trainee_supervisor: recordId,
      date_of_experience: '2026-03-02',
      experience_note: 'Programme: manding with AAC',
    }),
  });
  if (resent.statusCode !== 200) throw new Error(resent.body);

  t.clock.advanceMinutes(60);
  const approved = await send(supervisor, 'POST', '/api/v1/flag-log/', {
    log_id: logId,
    is_approved: true,
  });
  if (approved.statusCode !== 200) throw new Error(approved.body);
});
afterAll(async () => t.close());

describe('a log’s history, for its supervisor', () => {
  it('shows the linked supervisor who changed what and when, with flags and approvals', async () => {
    const response = await send(supervisor, 'GET', historyUrl(logId));
    expect(response.statusCode).toBe(200);
    const entries = response.json<{ results: HistoryEntry[] }>().results;
    expect(entries.map((entry) => [entry.action, entry.actor.name, entry.at])).toEqual([
      ['create', 'Hana History', '2026-03-20T15:00:00.000Z'],
      ['flag', 'Sam Stone', '2026-03-20T16:00:00.000Z'],
      ['resubmit', 'Hana History', '2026-03-20T17:00:00.000Z'],
      ['approve', 'Sam Stone', '2026-03-20T18:00:00.000Z'],
    ]);
    expect(entries.map((entry) => entry.actor.id)).toEqual([
      trainee.id,
      supervisor.id,
      trainee.id,
      supervisor.id,
    ]);
    expect(entries[1]?.changes).toEqual({
      status: { old: 'pending', new: 'flagged' },
      flags: {
        old: null,
        new: { experience_note: { flagged: true, comment: 'Name the programme.' } },
      },
    });
    expect(entries[2]?.changes).toEqual({
      experience_note: { old: 'Ran a preference assessment', new: 'Programme: manding with AAC' },
      status: { old: 'flagged', new: 'pending' },
    });
    expect(entries[3]?.changes).toEqual({ status: { old: 'pending', new: 'approved' } });
  });

  it('is the same history the trainee reads', async () => {
    const own = await send(trainee, 'GET', historyUrl(logId));
    const supervised = await send(supervisor, 'GET', historyUrl(logId));
    expect(own.statusCode).toBe(200);
    expect(supervised.json()).toEqual(own.json());
  });

  it('is not found for a supervisor the log is not under, even of the same trainee', async () => {
    const unlinked = await send(stranger, 'GET', historyUrl(logId));
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json()).toEqual({ detail: 'Log not found', code: 'NOT_FOUND' });
    const otherRecord = await send(supervisor, 'GET', historyUrl(otherSupervisorsLogId));
    expect(otherRecord.statusCode).toBe(404);
    const missing = await send(supervisor, 'GET', historyUrl(999_999));
    expect(missing.statusCode).toBe(404);
  });

  it('is not found while the supervisor has removed the trainee, and back once restored', async () => {
    const removed = await send(supervisor, 'POST', '/api/v1/remove-user/', { u_id: trainee.id });
    expect(removed.statusCode).toBe(200);
    const hidden = await send(supervisor, 'GET', historyUrl(logId));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'Log not found', code: 'NOT_FOUND' });
    const restored = await send(supervisor, 'POST', '/api/v1/restore-user/', { u_id: trainee.id });
    expect(restored.statusCode).toBe(200);
    const shown = await send(supervisor, 'GET', historyUrl(logId));
    expect(shown.json<{ results: HistoryEntry[] }>().results).toHaveLength(4);
  });

  it('is not found for another trainee, and asks anyone signed out to sign in', async () => {
    const other = await send(otherTrainee, 'GET', historyUrl(logId));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Log not found', code: 'NOT_FOUND' });
    const anonymous = await t.request({ method: 'GET', url: historyUrl(logId) });
    expect(anonymous.statusCode).toBe(401);
  });
});
