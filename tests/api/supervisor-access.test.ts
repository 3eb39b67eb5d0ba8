import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  experienceLogs,
  logHistory,
  monthForms,
  monthSignoffs,
  traineeSupervisors,
} from '../../src/server/db/schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, type TestUser } from '../helpers/factories';
import {
  dropTemplate,
  filled,
  formsWorld,
  linkSupervisor,
  logDays,
  sign,
  type FormsWorld,
} from './forms-support';

/*
 * Issue 27 item 4: a sign-off belongs to the supervisor who signed it, and a trainee can end a
 * supervisor's access without deleting anything that names them. Trainee T has supervisors A and
 * B; B supervised March and February, A only January.
 */

let w: FormsWorld;
let a: TestUser;
let b: TestUser;
let recordA: number;
let recordB: number;
let marchLogs: number[];
let marchForm: number;
let februaryForm: number;
let aprilLog: number;

const as = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  w.t.request({ method, url, token: user.token, payload: payload as Record<string, unknown> });

const logWith = (record: number, overrides: { date_of_experience: string }) =>
  createLogPayload({ supervisor: record, trainee_supervisor: record, ...overrides });

async function rowCounts() {
  const of = async (table: typeof experienceLogs | typeof monthForms | typeof monthSignoffs) =>
    (await w.t.db.select({ value: count() }).from(table))[0]?.value;
  return {
    logs: await of(experienceLogs),
    forms: await of(monthForms),
    signoffs: await of(monthSignoffs),
    records: (await w.t.db.select({ value: count() }).from(traineeSupervisors))[0]?.value,
    history: (await w.t.db.select({ value: count() }).from(logHistory))[0]?.value,
  };
}

async function formRow(id: number) {
  const [row] = await w.t.db.select().from(monthForms).where(eq(monthForms.id, id));
  return row;
}

beforeAll(async () => {
  w = await formsWorld();
  await dropTemplate(w, 'mfvf-2022-individual');
  b = w.supervisor;
  recordB = w.recordId;
  a = await createSupervisor(w.t.db, { name: 'Avery Adams' });
  recordA = await linkSupervisor(w.t, w.trainee, a, 'Avery', 'Adams');
  await logDays(w, recordA, '2026-01-05', 3);
  await logDays(w, recordB, '2026-02-02', 3);
  marchLogs = await logDays(w, recordB, '2026-03-02', 4);

  // B approves March, signs it off, and both sign its M-FVF.
  const approved = await as(b, 'POST', '/api/v1/approve-logs/', {
    u_id: w.trainee.id,
    log_ids: marchLogs,
  });
  expect(approved.json()).toMatchObject({ approved: marchLogs, skipped: [] });
  const signed = await as(b, 'POST', '/api/v1/month-signoff/', {
    u_id: w.trainee.id,
    month: '2026-03',
  });
  expect(signed.statusCode, signed.body).toBe(200);
  marchForm = (
    await filled(w, { month: '2026-03', trainee_supervisor: recordB, expereince_type: 1 })
  ).id;
  expect((await sign(w, w.trainee, marchForm)).statusCode).toBe(200);
  expect((await sign(w, b, marchForm)).statusCode).toBe(200);
  februaryForm = (
    await filled(w, { month: '2026-02', trainee_supervisor: recordB, expereince_type: 1 })
  ).id;
  // A pending April log with B, which B could still approve before the access ends.
  const created = await as(w.trainee, 'POST', '/api/v1/experience-log/', {
    ...logWith(recordB, { date_of_experience: '2026-04-06' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  aprilLog = created.json<{ id: number }>().id;
});
afterAll(async () => w.close());

describe('a sign-off belongs to the supervisor who signed it', () => {
  it('refuses another supervisor of the trainee reopening it (403), and voids nothing', async () => {
    const response = await as(a, 'POST', '/api/v1/month-signoff/reopen/', {
      u_id: w.trainee.id,
      month: '2026-03',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail:
        'Another supervisor signed this month off: only the supervisor who signed it can reopen it.',
      code: 'FORBIDDEN',
    });
    const signoffs = await w.t.db
      .select()
      .from(monthSignoffs)
      .where(eq(monthSignoffs.month, '2026-03'));
    expect(signoffs).toEqual([
      expect.objectContaining({ supervisorUserId: b.id, reopenedAt: null, reopenedBy: null }),
    ]);
    expect(await formRow(marchForm)).toMatchObject({ voidedAt: null, completedOn: '2026-04-10' });
    // Nothing happened in the logs' history either: create, approve, sign-off each.
    const history = await w.t.db
      .select({ value: count() })
      .from(logHistory)
      .where(eq(logHistory.action, 'reopen'));
    expect(history[0]?.value).toBe(0);
  });

  it('shows each supervisor only their own sign-offs', async () => {
    const ofA = await as(a, 'GET', `/api/v1/month-signoff/?u_id=${w.trainee.id}`);
    expect(ofA.json<{ results: { month: string; state: string }[] }>().results).toEqual([
      expect.objectContaining({ month: '2026-01', state: 'open', pending: 3, signed_by: null }),
    ]);
    const ofB = await as(b, 'GET', `/api/v1/month-signoff/?u_id=${w.trainee.id}`);
    expect(ofB.json<{ results: { month: string; state: string }[] }>().results).toEqual([
      expect.objectContaining({ month: '2026-04', state: 'open' }),
      expect.objectContaining({ month: '2026-03', state: 'signed', signed_by: 'Ana Núñez' }),
      expect.objectContaining({ month: '2026-02', state: 'open' }),
    ]);
  });
});

describe('ending a supervisor’s access', () => {
  let before: Awaited<ReturnType<typeof rowCounts>>;

  beforeAll(async () => {
    // Deleting is still refused: the logs keep their supervisor.
    const deleted = await as(w.trainee, 'DELETE', `/api/v1/trainee-supervisors/${recordB}/`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().detail).toBe(
      'This supervisor is on 8 of your logs, so they cannot be deleted: your logs must keep their supervisor for BACB audits. End their access instead.',
    );
    // B's access works until it ends.
    const page = await as(b, 'GET', `/api/v1/experience-log/?u_id=${w.trainee.id}`);
    expect(page.json<{ count: number }>().count).toBe(8);
    before = await rowCounts();
    w.t.clock.now = new Date('2026-04-12T09:30:00.000Z');
    const ended = await as(w.trainee, 'POST', `/api/v1/trainee-supervisors/${recordB}/end-access/`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({
      id: recordB,
      supervisor: true,
      link_status: 'accepted',
      access_ended_at: '2026-04-12T09:30:00.000Z',
    });
  });

  it('deletes no row: records, logs, their history, sign-offs and forms all stay', async () => {
    expect(await rowCounts()).toEqual(before);
  });

  it('is the trainee’s alone: another trainee or a supervisor is refused, a second time is a 409', async () => {
    const again = await as(w.trainee, 'POST', `/api/v1/trainee-supervisors/${recordB}/end-access/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "This supervisor's access has already ended.",
      code: 'CONFLICT',
    });
    const ofA = await as(a, 'POST', `/api/v1/trainee-supervisors/${recordA}/end-access/`);
    expect(ofA.statusCode).toBe(403);
    const other = await w.t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: w.trainee.token,
      payload: { name: 'Spare', email: 'spare@example.com' },
    });
    const { createTrainee } = await import('../helpers/factories');
    const stranger = await createTrainee(w.t.db);
    const strangers = await as(
      stranger,
      'POST',
      `/api/v1/trainee-supervisors/${other.json<{ id: number }>().id}/end-access/`,
    );
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual({ detail: 'Supervisor not found', code: 'NOT_FOUND' });
  });

  it('leaves the former supervisor nothing of the trainee’s to list, approve or reopen', async () => {
    const trainees = await as(b, 'GET', '/api/v1/all-trainee/');
    expect(JSON.stringify(trainees.json())).not.toContain(w.trainee.email);
    const page = await as(b, 'GET', `/api/v1/experience-log/?u_id=${w.trainee.id}`);
    expect(page.json()).toMatchObject({ count: 0, results: [] });
    const one = await as(b, 'GET', `/api/v1/experience-log/${aprilLog}/`);
    expect(one.statusCode).toBe(404);
    const approveOne = await as(b, 'POST', '/api/v1/flag-log/', {
      log_id: aprilLog,
      is_approved: true,
    });
    expect(approveOne.json()).toEqual({ detail: 'Log not found', code: 'NOT_FOUND' });
    const approveMany = await as(b, 'POST', '/api/v1/approve-logs/', {
      u_id: w.trainee.id,
      log_ids: [aprilLog],
    });
    expect(approveMany.json()).toEqual({ detail: 'Trainee not found', code: 'NOT_FOUND' });
    const reopenMonth = await as(b, 'POST', '/api/v1/month-signoff/reopen/', {
      u_id: w.trainee.id,
      month: '2026-03',
    });
    expect(reopenMonth.json()).toEqual({ detail: 'Trainee not found', code: 'NOT_FOUND' });
    const reopenLog = await as(b, 'POST', '/api/v1/reopen-log/', { log_id: marchLogs[0] });
    expect(reopenLog.json()).toEqual({ detail: 'Log not found', code: 'NOT_FOUND' });
    const signMonth = await as(b, 'POST', '/api/v1/month-signoff/', {
      u_id: w.trainee.id,
      month: '2026-02',
    });
    expect(signMonth.statusCode).toBe(404);
    const states = await as(b, 'GET', `/api/v1/month-signoff/?u_id=${w.trainee.id}`);
    expect(states.statusCode).toBe(404);
    // The April log is still pending: nothing the former supervisor sent changed it.
    const [april] = await w.t.db
      .select({ status: experienceLogs.status })
      .from(experienceLogs)
      .where(eq(experienceLogs.id, aprilLog));
    expect(april?.status).toBe('pending');
  });

  it('leaves the former supervisor the forms they signed, and no other form', async () => {
    const list = await as(b, 'GET', `/api/v1/month-forms/?u_id=${w.trainee.id}`);
    expect(list.json()).toEqual({ detail: 'Trainee not found', code: 'NOT_FOUND' });
    const signedForm = await as(b, 'GET', `/api/v1/month-forms/${marchForm}/`);
    expect(signedForm.statusCode, signedForm.body).toBe(200);
    expect(signedForm.json()).toMatchObject({ id: marchForm, month: '2026-03' });
    const download = await as(b, 'GET', `/api/v1/month-forms/${marchForm}/download/`);
    expect(download.statusCode).toBe(302);
    // February's form waits for their signature: it is not theirs to see or sign any more.
    const unsigned = await as(b, 'GET', `/api/v1/month-forms/${februaryForm}/`);
    expect(unsigned.json()).toEqual({ detail: 'Form not found', code: 'NOT_FOUND' });
    expect((await sign(w, b, februaryForm)).statusCode).toBe(404);
  });

  it('keeps new logs from naming the former supervisor, and from reaching them', async () => {
    const named = await as(w.trainee, 'POST', '/api/v1/experience-log/', {
      ...logWith(recordB, { date_of_experience: '2026-04-08' }),
    });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({
      supervisor: ["You ended this supervisor's access: choose one of your current supervisors."],
    });
    const inline = await as(w.trainee, 'POST', '/api/v1/experience-log/', {
      ...createLogPayload({ date_of_experience: '2026-04-08' }),
      newSupervisor: 'Ana Núñez',
      newSupervisorEmail: b.email,
    });
    expect(inline.statusCode).toBe(400);
    // The pending April log may be edited (it keeps its supervisor) or moved to A.
    const moved = await w.t.request({
      method: 'PUT',
      url: `/api/v1/experience-log/${aprilLog}/`,
      token: w.trainee.token,
      payload: logWith(recordA, { date_of_experience: '2026-04-06' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const ofA = await as(a, 'GET', `/api/v1/experience-log/?u_id=${w.trainee.id}`);
    expect(ofA.json<{ count: number }>().count).toBe(4);
  });

  it('leaves the trainee every record naming the former supervisor to read', async () => {
    const records = await as(w.trainee, 'GET', '/api/v1/trainee-supervisors/');
    expect(records.json<{ results: unknown[] }>().results).toContainEqual(
      expect.objectContaining({ id: recordB, access_ended_at: '2026-04-12T09:30:00.000Z' }),
    );
    const months = await as(w.trainee, 'GET', '/api/v1/month-signoff/');
    expect(months.json<{ results: unknown[] }>().results).toContainEqual(
      expect.objectContaining({ month: '2026-03', state: 'signed', signed_by: 'Ana Núñez' }),
    );
    const logs = await as(w.trainee, 'GET', '/api/v1/experience-log/?page_size=50');
    const ofB = logs
      .json<{ results: { supervisor: number }[] }>()
      .results.filter((log) => log.supervisor === recordB);
    expect(ofB).toHaveLength(7);
    const form = await as(w.trainee, 'GET', `/api/v1/month-forms/${marchForm}/`);
    expect(form.json()).toMatchObject({ id: marchForm, voided_at: null });
  });
});

describe('giving the access back (issue 36)', () => {
  const restore = (user: TestUser, record: number) =>
    as(user, 'POST', `/api/v1/trainee-supervisors/${record}/restore-access/`);

  it('is the trainee’s alone: another trainee gets 404, a supervisor 403, and nothing changes', async () => {
    const { createTrainee } = await import('../helpers/factories');
    const stranger = await createTrainee(w.t.db);
    const theirs = await restore(stranger, recordB);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe((await restore(stranger, 2_147_483_000)).body);
    expect((await restore(b, recordB)).statusCode).toBe(403);
    const page = await as(b, 'GET', `/api/v1/experience-log/?u_id=${w.trainee.id}`);
    expect(page.json<{ count: number }>().count).toBe(0);
  });

  it('gives the supervisor back what they saw, at once, and lets new logs name them', async () => {
    const restored = await restore(w.trainee, recordB);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      id: recordB,
      supervisor: true,
      link_status: 'accepted',
      access_ended_at: null,
    });
    const page = await as(b, 'GET', `/api/v1/experience-log/?u_id=${w.trainee.id}`);
    expect(page.json<{ count: number }>().count).toBe(7);
    const trainees = await as(b, 'GET', '/api/v1/all-trainee/');
    expect(JSON.stringify(trainees.json())).toContain(w.trainee.email);
    const named = await as(w.trainee, 'POST', '/api/v1/experience-log/', {
      ...logWith(recordB, { date_of_experience: '2026-04-09' }),
    });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('answers a second restore with 409, and a record waiting for an answer stays waiting', async () => {
    const again = await restore(w.trainee, recordB);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "This supervisor's access has not ended.",
      code: 'CONFLICT',
    });
    const asked = await createSupervisor(w.t.db);
    const added = await as(w.trainee, 'POST', '/api/v1/trainee-supervisors/', {
      name: 'Wes Waiting',
      email: asked.email,
    });
    const record = added.json<{ id: number }>().id;
    expect(
      (await as(w.trainee, 'POST', `/api/v1/trainee-supervisors/${record}/end-access/`)).statusCode,
    ).toBe(200);
    const back = await restore(w.trainee, record);
    expect(back.json()).toMatchObject({ link_status: 'pending', access_ended_at: null });
    const trainees = await as(asked, 'GET', '/api/v1/all-trainee/');
    expect(trainees.json()).toEqual({ results: [] });
  });
});
