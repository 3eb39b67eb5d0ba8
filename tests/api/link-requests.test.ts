import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom, pendingRequestsOf } from '../helpers/link-requests';
import { insertDailyLogs } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { mailsTo } from '../helpers/accounts';
import { and, eq } from 'drizzle-orm';
import { supervisorLinkRequests } from '../../src/server/db/schema';

/*
 * Issue 36: a trainee who types a supervisor's email appeared at once in that supervisor's
 * Trainees and at-risk lists. Now the email asks the account, by mail and on its home screen;
 * the supervisor sees nothing of the trainee until they accept, and a decline stands.
 */

const APP_URL = 'https://tracker.example.com';
const NOW = new Date('2026-04-10T12:00:00.000Z');
const SUPERVISORS = '/api/v1/trainee-supervisors/';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  t.clock.now = NOW;
});
afterAll(() => t.close());

const as = (
  user: { token: string },
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });

async function listSupervisor(trainee: TestUser, email: string, name = 'Dana Reyes') {
  const response = await as(trainee, 'POST', SUPERVISORS, { name, email });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; supervisor: true | null; link_status: string | null }>();
}

async function recordsOf(trainee: TestUser) {
  const response = await as(trainee, 'GET', SUPERVISORS);
  return response.json<{ results: { id: number; email: string; link_status: string | null }[] }>()
    .results;
}

/** Everything a supervisor's screens read of a trainee, by what it answers. */
async function whatTheSupervisorSees(supervisor: TestUser, trainee: TestUser, logId: number) {
  const trainees = await as(supervisor, 'GET', '/api/v1/all-trainee/');
  const logs = await as(supervisor, 'GET', `/api/v1/experience-log/?u_id=${trainee.id}`);
  const allLogs = await as(supervisor, 'GET', '/api/v1/experience-log/');
  const atRisk = await as(supervisor, 'GET', '/api/v1/at-risk/');
  const dates = await as(
    supervisor,
    'GET',
    '/api/v1/get-dates/?start_date=2026-03-01&end_date=2026-04-30',
  );
  const feed = await as(supervisor, 'POST', '/api/v1/calendar-feed/', { time_zone: 'UTC' });
  const calendar = await t.request({
    method: 'GET',
    url: feed.json<{ url: string }>().url.replace(APP_URL, ''),
  });
  return {
    trainees: trainees.json<{ results: { id: number }[] }>().results.map((row) => row.id),
    logs: logs.json<{ count: number }>().count,
    allLogs: allLogs.json<{ count: number }>().count,
    atRisk: atRisk.json<{ trainees: { id: number }[]; unsigned_forms: unknown[] }>(),
    dates: dates.json<{ dates: string[] }>().dates,
    calendarHasTrainee: calendar.body.includes(trainee.name),
    log: (await as(supervisor, 'GET', `/api/v1/experience-log/${logId}/`)).statusCode,
    accrued: (await as(supervisor, 'GET', `/api/v1/get-accrued/?u_id=${trainee.id}`)).statusCode,
    forms: (await as(supervisor, 'GET', `/api/v1/month-forms/?u_id=${trainee.id}`)).statusCode,
    files: (await as(supervisor, 'GET', `/api/v1/record-files/?u_id=${trainee.id}`)).statusCode,
    approve: (
      await as(supervisor, 'POST', '/api/v1/approve-logs/', { u_id: trainee.id, log_ids: [logId] })
    ).statusCode,
  };
}

describe('a trainee asks a supervisor to see them', () => {
  let trainee: TestUser;
  let supervisor: TestUser;
  let record: number;
  let logId: number;

  beforeAll(async () => {
    trainee = await createTrainee(t.db, { name: 'Tara Trainee' });
    supervisor = await createSupervisor(t.db, { name: 'Dana Reyes' });
    const created = await listSupervisor(trainee, supervisor.email);
    expect(created).toMatchObject({ supervisor: true, link_status: 'pending' });
    record = created.id;
    // March's 20 days and April's first days, logged before any answer: still the trainee's.
    await insertDailyLogs(t.db, {
      traineeId: trainee.id,
      traineeSupervisorId: record,
      firstDate: '2026-03-02',
      count: 20,
    });
    const logged = await as(
      trainee,
      'POST',
      '/api/v1/experience-log/',
      createLogPayload({
        supervisor: record,
        trainee_supervisor: record,
        date_of_experience: '2026-04-06',
      }),
    );
    expect(logged.statusCode, logged.body).toBe(201);
    logId = logged.json<{ id: number }>().id;
  });

  it('mails the supervisor a link to their home screen, where the request waits', async () => {
    const [mail, ...more] = await mailsTo(t, supervisor.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(
      'Tara Trainee asks you to supervise their fieldwork on Fieldwork Tracker',
    );
    expect(mail?.text).toContain(`Tara Trainee (${trainee.email}) listed you as their supervisor`);
    expect(mail?.text).toContain(`${APP_URL}/supervisor/signlogs`);
    expect(await pendingRequestsOf(t, supervisor)).toEqual([
      {
        id: expect.any(Number),
        trainee_name: 'Tara Trainee',
        trainee_email: trainee.email,
        requested_at: NOW.toISOString(),
        status: 'pending',
      },
    ]);
  });

  it('shows the supervisor nothing of the trainee until they accept', async () => {
    const seen = await whatTheSupervisorSees(supervisor, trainee, logId);
    expect(seen).toMatchObject({
      trainees: [],
      logs: 0,
      allLogs: 0,
      atRisk: { trainees: [], unsigned_forms: [] },
      dates: [],
      calendarHasTrainee: false,
      log: 404,
      accrued: 404,
      forms: 404,
      files: 404,
      approve: 404,
    });
  });

  it('shows them everything, the logs made before included, once they accept', async () => {
    const [request] = await pendingRequestsOf(t, supervisor);
    const accepted = await as(supervisor, 'POST', `/api/v1/link-requests/${request?.id}/accept/`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', trainee_email: trainee.email });
    expect(await pendingRequestsOf(t, supervisor)).toEqual([]);
    expect((await recordsOf(trainee)).map((row) => row.link_status)).toEqual(['accepted']);

    const seen = await whatTheSupervisorSees(supervisor, trainee, logId);
    expect(seen).toMatchObject({
      trainees: [trainee.id],
      logs: 21,
      allLogs: 21,
      calendarHasTrainee: true,
      log: 200,
      accrued: 200,
      forms: 200,
      files: 200,
    });
    expect(seen.atRisk.trainees.map((row) => row.id)).toEqual([trainee.id]);
    expect(seen.atRisk.unsigned_forms).toHaveLength(1);
    expect(seen.dates).toContain('2026-04-06');
  });

  it('answers a second answer with 409, saying what the first was', async () => {
    const id = await requestIdOf(supervisor, trainee);
    const again = await as(supervisor, 'POST', `/api/v1/link-requests/${id}/decline/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'You already accepted this request.',
      code: 'CONFLICT',
    });
    expect((await recordsOf(trainee)).map((row) => row.link_status)).toEqual(['accepted']);
  });
});

/** The request's id, read from the database: the card no longer lists an answered one. */
async function requestIdOf(supervisor: TestUser, trainee: TestUser): Promise<number> {
  const [row] = await t.db
    .select({ id: supervisorLinkRequests.id })
    .from(supervisorLinkRequests)
    .where(
      and(
        eq(supervisorLinkRequests.supervisorUserId, supervisor.id),
        eq(supervisorLinkRequests.traineeId, trainee.id),
      ),
    );
  if (!row) throw new Error('no request');
  return row.id;
}

describe('a supervisor who declines', () => {
  let trainee: TestUser;
  let supervisor: TestUser;

  beforeAll(async () => {
    trainee = await createTrainee(t.db, { name: 'Dev Decline' });
    supervisor = await createSupervisor(t.db, { name: 'Noa No' });
    const created = await listSupervisor(trainee, supervisor.email, 'Noa No');
    await insertDailyLogs(t.db, {
      traineeId: trainee.id,
      traineeSupervisorId: created.id,
      firstDate: '2026-04-01',
      count: 3,
    });
    await answerRequestFrom(t, supervisor, trainee.email, 'decline');
  });

  it('sees nothing of the trainee, who sees the answer', async () => {
    const trainees = await as(supervisor, 'GET', '/api/v1/all-trainee/');
    expect(trainees.json()).toEqual({ results: [] });
    const logs = await as(supervisor, 'GET', `/api/v1/experience-log/?u_id=${trainee.id}`);
    expect(logs.json<{ count: number }>().count).toBe(0);
    expect(await pendingRequestsOf(t, supervisor)).toEqual([]);
    expect(await recordsOf(trainee)).toMatchObject([{ link_status: 'declined' }]);
  });

  it('is not asked again: not by a new email and back, nor by a record listed anew', async () => {
    const mailsBefore = (await mailsTo(t, supervisor.email)).length;
    const other = await createTrainee(t.db);
    const spare = await listSupervisor(trainee, `spare-${other.id}@example.com`, 'Spare');
    const moved = await as(trainee, 'PATCH', `${SUPERVISORS}${spare.id}/`, {
      email: supervisor.email,
    });
    // The declined record still lists this email: a second record for it is a duplicate.
    expect(moved.statusCode).toBe(400);
    const [declined] = (await recordsOf(trainee)).filter((row) => row.email === supervisor.email);
    if (!declined) throw new Error('the declined record is gone');
    const away = await as(trainee, 'PATCH', `${SUPERVISORS}${declined.id}/`, {
      email: `away-${other.id}@example.com`,
    });
    expect(away.json()).toMatchObject({ supervisor: null, link_status: null });
    const back = await as(trainee, 'PATCH', `${SUPERVISORS}${declined.id}/`, {
      email: supervisor.email,
    });
    expect(back.json()).toMatchObject({ supervisor: true, link_status: 'declined' });
    // Deleted (no logs name the spare) and listed anew: still declined.
    expect((await as(trainee, 'DELETE', `${SUPERVISORS}${spare.id}/`)).statusCode).toBe(204);
    const fresh = await createTrainee(t.db);
    const asked = await listSupervisor(fresh, supervisor.email);
    expect(asked.link_status).toBe('pending');
    expect(await mailsTo(t, supervisor.email)).toHaveLength(mailsBefore + 1);
    expect((await pendingRequestsOf(t, supervisor)).map((row) => row.trainee_email)).toEqual([
      fresh.email,
    ]);
  });
});

describe('who may answer a request', () => {
  it('only the supervisor asked: anyone else gets what an id nobody has gets', async () => {
    const trainee = await createTrainee(t.db);
    const supervisor = await createSupervisor(t.db);
    const stranger = await createSupervisor(t.db);
    await listSupervisor(trainee, supervisor.email);
    const [request] = await pendingRequestsOf(t, supervisor);
    if (!request) throw new Error('no request');
    expect(await pendingRequestsOf(t, stranger)).toEqual([]);
    for (const action of ['accept', 'decline']) {
      const theirs = await as(stranger, 'POST', `/api/v1/link-requests/${request.id}/${action}/`);
      const nobodys = await as(stranger, 'POST', `/api/v1/link-requests/2147483000/${action}/`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(nobodys.body);
      const byTrainee = await as(trainee, 'POST', `/api/v1/link-requests/${request.id}/${action}/`);
      expect(byTrainee.statusCode).toBe(403);
    }
    expect((await as(trainee, 'GET', '/api/v1/link-requests/')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/link-requests/' })).statusCode).toBe(
      401,
    );
    expect((await as(stranger, 'POST', '/api/v1/link-requests/abc/accept/')).statusCode).toBe(400);
    expect(await recordsOf(trainee)).toMatchObject([{ link_status: 'pending' }]);
  });

  it('not once the trainee changed the email or ended the access: the card drops it', async () => {
    const trainee = await createTrainee(t.db);
    const supervisor = await createSupervisor(t.db);
    const first = await listSupervisor(trainee, supervisor.email);
    const [request] = await pendingRequestsOf(t, supervisor);
    const changed = await as(trainee, 'PATCH', `${SUPERVISORS}${first.id}/`, {
      email: `typo-${trainee.id}@example.com`,
    });
    expect(changed.json()).toMatchObject({ supervisor: null, link_status: null });
    expect(await pendingRequestsOf(t, supervisor)).toEqual([]);
    const late = await as(supervisor, 'POST', `/api/v1/link-requests/${request?.id}/accept/`);
    expect(late.statusCode).toBe(404);

    const second = await listSupervisor(trainee, supervisor.email, 'Dana again');
    expect((await pendingRequestsOf(t, supervisor)).length).toBe(1);
    const ended = await as(trainee, 'POST', `${SUPERVISORS}${second.id}/end-access/`);
    expect(ended.json()).toMatchObject({ link_status: 'pending' });
    expect(await pendingRequestsOf(t, supervisor)).toEqual([]);
    const [withdrawn] = await t.db
      .select({ id: supervisorLinkRequests.id })
      .from(supervisorLinkRequests)
      .where(eq(supervisorLinkRequests.traineeSupervisorId, second.id));
    const accept = await as(supervisor, 'POST', `/api/v1/link-requests/${withdrawn?.id}/accept/`);
    expect(accept.statusCode).toBe(404);
    expect((await as(supervisor, 'GET', '/api/v1/all-trainee/')).json()).toEqual({ results: [] });
  });
});

describe('other ways a supervisor is named', () => {
  it('a new supervisor typed in a log is asked too, by one mail, and sees the log on accepting', async () => {
    const trainee = await createTrainee(t.db, { name: 'Lou Logger' });
    const supervisor = await createSupervisor(t.db);
    const logged = await as(
      trainee,
      'POST',
      '/api/v1/experience-log/',
      createLogPayload({
        newSupervisor: 'Dana Reyes',
        newSupervisorEmail: supervisor.email,
        date_of_experience: '2026-04-07',
      }),
    );
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({ supervisor_account: null });
    expect(await mailsTo(t, supervisor.email)).toMatchObject([
      { subject: 'Lou Logger asks you to supervise their fieldwork on Fieldwork Tracker' },
    ]);
    const before = await as(supervisor, 'GET', `/api/v1/experience-log/?u_id=${trainee.id}`);
    expect(before.json<{ count: number }>().count).toBe(0);
    await answerRequestFrom(t, supervisor, trainee.email);
    const after = await as(supervisor, 'GET', `/api/v1/experience-log/?u_id=${trainee.id}`);
    expect(after.json<{ count: number }>().count).toBe(1);
  });

  it('an invitation goes only to an email without an account, asked or not', async () => {
    const trainee = await createTrainee(t.db);
    const supervisor = await createSupervisor(t.db);
    await listSupervisor(trainee, supervisor.email);
    const invited = await as(trainee, 'POST', '/api/v1/send-supervisor-invitation/', {
      supervisor_email: supervisor.email,
    });
    expect(invited.statusCode).toBe(400);
    expect(invited.json()).toEqual({
      supervisor_email: ['This supervisor already has a tracker account.'],
    });
  });
});
