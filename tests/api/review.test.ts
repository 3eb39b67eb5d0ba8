import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { digestSubscriptions } from '../../src/server/db/schema';
import { sendDailyDigests } from '../../src/server/features/review/review-digest.service';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { lastCodeTo, signUp, supervisorSignup, verify } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let stranger: TestUser;
let supervisorToken: string;
let supervisorId: number;
let recordId: number;
const SUPERVISOR_EMAIL = 'dana.reyes@example.com';
type Log = {
  id: number;
  status: string;
  data: Record<string, unknown>;
  user: { id: number };
  date_of_experience: string;
};

async function createLog(
  user: TestUser,
  supervisorRecord: number,
  overrides: Partial<LogEntryWire>,
  app: TestApp = t,
): Promise<Log> {
  const response = await app.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: user.token,
    payload: createLogPayload({
      supervisor: supervisorRecord,
      trainee_supervisor: supervisorRecord,
      ...overrides,
    }),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<Log>();
}

const asSupervisor = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    token: supervisorToken,
    payload: payload as Record<string, unknown> | undefined,
  });

let early: Log;
let second: Log;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  trainee = await createTrainee(t.db, { name: 'Tara Trainee' });
  otherTrainee = await createTrainee(t.db, { name: 'Omar Other' });
  stranger = await createSupervisor(t.db, { name: 'Unlinked Supervisor' });
  const record = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name: 'Dana', lastname: 'Reyes', email: SUPERVISOR_EMAIL },
  });
  recordId = record.json<{ id: number }>().id;
  // Logged before the supervisor has an account.
  early = await createLog(trainee, recordId, { date_of_experience: '2026-03-02' });
  second = await createLog(trainee, recordId, { date_of_experience: '2026-03-03' });
});
afterAll(async () => t.close());

describe('linking', () => {
  it('refuses to invite an email the trainee has not listed', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/send-supervisor-invitation/',
      token: trainee.token,
      payload: { supervisor_email: 'nobody@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      supervisor_email: ['Add this supervisor to your list first.'],
    });
  });

  it('mails the supervisor a link to register with the email filled in', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/send-supervisor-invitation/',
      token: trainee.token,
      payload: { supervisor_email: 'Dana.Reyes@Example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Invitation Sent!' });
    const mail = await t.lastMailTo(SUPERVISOR_EMAIL);
    expect(mail?.subject).toBe(
      'Tara Trainee invited you to review their fieldwork on Fieldwork Tracker',
    );
    expect(mail?.text).toContain('/register/supervisor?email=dana.reyes%40example.com');
    const list = (
      await t.request({ method: 'GET', url: '/api/v1/trainee-supervisors/', token: trainee.token })
    ).json<{ results: { invited_at: string | null; supervisor: true | null }[] }>();
    expect(list.results[0]).toMatchObject({
      invited_at: '2026-03-20T15:00:00.000Z',
      supervisor: null,
    });
  });

  it('asks the supervisor who registers and verifies; once they accept, earlier logs reach them', async () => {
    const body = supervisorSignup({ email: SUPERVISOR_EMAIL, name: 'Dana Reyes' });
    expect((await signUp(t, body)).statusCode).toBe(201);
    const verified = await verify(t, SUPERVISOR_EMAIL, await lastCodeTo(t, SUPERVISOR_EMAIL));
    expect(verified.statusCode).toBe(200);
    supervisorToken = verified.json<{ token: string }>().token;
    supervisorId = verified.json<{ user: { id: number } }>().user.id;
    const list = async () =>
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/trainee-supervisors/',
          token: trainee.token,
        })
      ).json<{ results: { supervisor: true | null; link_status: string | null }[] }>().results;
    expect((await list())[0]).toMatchObject({ supervisor: true, link_status: 'pending' });
    // Issue 36: the request waits on their home screen; until they accept they see nothing.
    const waiting = await asSupervisor('GET', '/api/v1/experience-log/');
    expect(waiting.json<{ count: number }>().count).toBe(0);
    await answerRequestFrom(t, { token: supervisorToken }, trainee.email);
    expect((await list())[0]).toMatchObject({ supervisor: true, link_status: 'accepted' });
    const raw = await asSupervisor('GET', '/api/v1/experience-log/');
    if (raw.statusCode !== 200) throw new Error(raw.body);
    const logs = raw.json<{ results: Log[] }>();
    expect(logs.results.map((log) => log.id).sort()).toEqual([early.id, second.id].sort());
  });

  it('refuses to invite a supervisor who already has an account', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/send-supervisor-invitation/',
      token: trainee.token,
      payload: { supervisor_email: SUPERVISOR_EMAIL },
    });
    expect(response.json()).toEqual({
      supervisor_email: ['This supervisor already has a tracker account.'],
    });
  });

  it('lists only the trainees who listed the supervisor', async () => {
    const raw = await asSupervisor('GET', '/api/v1/all-trainee/');
    if (raw.statusCode !== 200) throw new Error(raw.body);
    const mine = raw.json<{
      results: { id: number; name: string; is_removed: boolean; pending_logs: number }[];
    }>();
    expect(mine.results).toEqual([
      {
        id: trainee.id,
        name: 'Tara Trainee',
        email: trainee.email,
        is_removed: false,
        pending_logs: 2,
        flagged_logs: 0,
      },
    ]);
    const theirs = await t.request({
      method: 'GET',
      url: '/api/v1/all-trainee/',
      token: stranger.token,
    });
    expect(theirs.json()).toEqual({ results: [] });
    const summary = (await asSupervisor('GET', '/api/v1/get-supervisor/')).json();
    expect(summary).toMatchObject({
      id: supervisorId,
      trainees: 1,
      pending_logs: 2,
      flagged_logs: 0,
    });
  });
});

describe('review', () => {
  it('marks calendar days with each distinct status', async () => {
    const response = await asSupervisor(
      'GET',
      '/api/v1/get-dates/?start_date=2026-03-01&end_date=2026-03-31',
    );
    expect(response.json()).toEqual({
      dates: ['2026-03-02', '2026-03-03'],
      dates_status: [
        { date_of_experience: '2026-03-02', status: 'pending' },
        { date_of_experience: '2026-03-03', status: 'pending' },
      ],
    });
  });

  it('refuses to flag nothing', async () => {
    const response = await asSupervisor('POST', '/api/v1/flag-log/', {
      log_id: early.id,
      is_flag: true,
      data: { experience_note: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ data: ['Please select the Items that you want to flag!'] });
  });

  it('flags fields with comments, and mails the trainee which ones', async () => {
    const response = await asSupervisor('POST', '/api/v1/flag-log/', {
      log_id: early.id,
      is_flag: true,
      data: { experience_note: { flagged: true, comment: 'Name the programme.' }, task: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Successfully flagged Log' });
    const log = (
      await t.request({
        method: 'GET',
        url: `/api/v1/experience-log/${early.id}/`,
        token: trainee.token,
      })
    ).json<Log>();
    expect(log.status).toBe('flagged');
    expect(log.data).toEqual({
      experience_note: { flagged: true, comment: 'Name the programme.' },
      task: { flagged: true },
    });
    const mail = await t.lastMailTo(trainee.email);
    expect(mail?.subject).toBe('Dana Reyes flagged your log of 3/2/2026');
    expect(mail?.text).toContain('- Experience Notes: Name the programme.');
    expect(mail?.text).toContain('- Task list items documented');
    expect(mail?.text).toContain(`/student/edit-resend?id=${early.id}`);
  });

  it('lets the trainee correct and resend a flagged log: pending again, in its history', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/v1/experience-log/${early.id}/`,
      token: trainee.token,
      payload: {
        id: early.id,
        log: createLogPayload({
          supervisor: recordId,
          date_of_experience: '2026-03-02',
          experience_note: 'Programme: manding with AAC',
        }),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'pending', data: {} });
    const history = (
      await t.request({
        method: 'GET',
        url: `/api/v1/experience-log/${early.id}/history/`,
        token: trainee.token,
      })
    ).json<{ results: { action: string; actor: { id: number } }[] }>();
    expect(history.results.map((entry) => [entry.action, entry.actor.id])).toEqual([
      ['create', trainee.id],
      ['flag', supervisorId],
      ['resubmit', trainee.id],
    ]);
  });

  it('approves a log; a second flag of it loses', async () => {
    const approved = await asSupervisor('POST', '/api/v1/flag-log/', {
      log_id: early.id,
      is_approved: true,
    });
    expect(approved.json()).toEqual({ msg: 'Successfully approved Log' });
    const flag = await asSupervisor('POST', '/api/v1/flag-log/', {
      log_id: early.id,
      is_flag: true,
      data: { setting: true },
    });
    expect(flag.statusCode).toBe(409);
    expect(flag.json().detail).toBe('This log is approved: only a pending log can be flagged.');
  });

  it('lets exactly one of a racing approve and flag win', async () => {
    const racing = await createLog(trainee, recordId, { date_of_experience: '2026-03-04' });
    const [approve, flag] = await Promise.all([
      asSupervisor('POST', '/api/v1/flag-log/', { log_id: racing.id, is_approved: true }),
      asSupervisor('POST', '/api/v1/flag-log/', {
        log_id: racing.id,
        is_flag: true,
        data: { setting: true },
      }),
    ]);
    expect([approve.statusCode, flag.statusCode].sort()).toEqual([200, 409]);
    const final = (
      await t.request({
        method: 'GET',
        url: `/api/v1/experience-log/${racing.id}/`,
        token: trainee.token,
      })
    ).json<Log>();
    expect(final.status).toBe(approve.statusCode === 200 ? 'approved' : 'flagged');
    const history = (
      await t.request({
        method: 'GET',
        url: `/api/v1/experience-log/${racing.id}/history/`,
        token: trainee.token,
      })
    ).json<{ results: { action: string }[] }>();
    expect(history.results.map((entry) => entry.action)).toHaveLength(2);
    // Either may win; the tests below sign March, so its logs must end approved whichever did.
    if (final.status === 'flagged') {
      const approved = await asSupervisor('POST', '/api/v1/flag-log/', {
        log_id: racing.id,
        is_approved: true,
      });
      expect(approved.statusCode).toBe(200);
    }
  });

  it('keeps an approved log locked for the trainee until the supervisor reopens it', async () => {
    const edit = await t.request({
      method: 'PUT',
      url: `/api/v1/experience-log/${early.id}/`,
      token: trainee.token,
      payload: createLogPayload({ supervisor: recordId, date_of_experience: '2026-03-02' }),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(
      'This log is approved, so it is locked. Ask your supervisor to reopen it if it needs a change.',
    );
    const reopened = await asSupervisor('POST', '/api/v1/reopen-log/', { log_id: early.id });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe('pending');
  });

  it('does not let a trainee review, nor an unlinked supervisor see or act', async () => {
    const own = await t.request({
      method: 'POST',
      url: '/api/v1/flag-log/',
      token: trainee.token,
      payload: { log_id: second.id, is_approved: true },
    });
    expect(own.statusCode).toBe(403);
    const foreign = await t.request({
      method: 'POST',
      url: '/api/v1/flag-log/',
      token: stranger.token,
      payload: { log_id: second.id, is_approved: true },
    });
    expect(foreign.statusCode).toBe(404);
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/experience-log/${second.id}/`,
      token: stranger.token,
    });
    expect(read.statusCode).toBe(404);
    const dates = await t.request({
      method: 'GET',
      url: '/api/v1/get-dates/?start_date=2026-03-01&end_date=2026-03-31',
      token: stranger.token,
    });
    expect(dates.json()).toEqual({ dates: [], dates_status: [] });
    const accrued = await t.request({
      method: 'GET',
      url: `/api/v1/get-accrued/?u_id=${trainee.id}`,
      token: stranger.token,
    });
    expect(accrued.statusCode).toBe(404);
    const grid = await t.request({
      method: 'GET',
      url: `/api/v1/get-trainee-task/?u_id=${trainee.id}`,
      token: stranger.token,
    });
    expect(grid.statusCode).toBe(404);
  });

  it('shows a linked trainee’s accrued hours and task grid to the supervisor', async () => {
    const accrued = await asSupervisor(
      'GET',
      `/api/v1/get-accrued/?u_id=${trainee.id}&from_date=2026-03-01&to_date=2026-03-31`,
    );
    expect(accrued.statusCode).toBe(200);
    expect(accrued.json().weekly.experience_hours).toBe(9);
    const grid = await asSupervisor('GET', `/api/v1/get-trainee-task/?u_id=${trainee.id}`);
    expect(
      grid
        .json<{ results: { id: string; count: number }[] }>()
        .results.map((task) => [task.id, task.count]),
    ).toEqual([
      ['A.1', 3],
      ['B.2', 3],
    ]);
    const missing = await asSupervisor('GET', '/api/v1/get-accrued/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ u_id: ['⋆Required'] });
  });

  it('approves what the supervisor saw in one action, each log in its own history', async () => {
    const foreignRecord = (
      await t.request({
        method: 'POST',
        url: '/api/v1/trainee-supervisors/',
        token: otherTrainee.token,
        payload: { name: 'Dana', email: SUPERVISOR_EMAIL },
      })
    ).json<{ id: number }>().id;
    await answerRequestFrom(t, { token: supervisorToken }, otherTrainee.email);
    const otherLog = await createLog(otherTrainee, foreignRecord, {
      date_of_experience: '2026-03-05',
    });
    const response = await asSupervisor('POST', '/api/v1/approve-logs/', {
      u_id: trainee.id,
      log_ids: [early.id, second.id, otherLog.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      msg: 'Approved 2 logs',
      approved: [early.id, second.id].sort((a, b) => a - b),
      skipped: [otherLog.id],
    });
    const history = (
      await t.request({
        method: 'GET',
        url: `/api/v1/experience-log/${second.id}/history/`,
        token: trainee.token,
      })
    ).json<{ results: { action: string }[] }>();
    expect(history.results.map((entry) => entry.action)).toEqual(['create', 'approve']);
  });
});

describe('month sign-off', () => {
  it('signs a month whose logs are all approved, and locks it on both sides', async () => {
    const states = (await asSupervisor('GET', `/api/v1/month-signoff/?u_id=${trainee.id}`)).json<{
      results: { month: string; state: string; logs: number; approved: number }[];
    }>();
    expect(states.results).toEqual([
      expect.objectContaining({ month: '2026-03', state: 'ready', logs: 3, approved: 3 }),
    ]);
    const signed = await asSupervisor('POST', '/api/v1/month-signoff/', {
      u_id: trainee.id,
      month: '2026-03',
    });
    expect(signed.json()).toEqual({ msg: 'Month signed off' });
    const traineeView = (
      await t.request({ method: 'GET', url: '/api/v1/month-signoff/', token: trainee.token })
    ).json<{ results: { month: string; state: string; signed_by: string | null }[] }>();
    expect(traineeView.results[0]).toMatchObject({
      month: '2026-03',
      state: 'signed',
      signed_by: 'Dana Reyes',
    });

    const newLog = await t.request({
      method: 'POST',
      url: '/api/v1/experience-log/',
      token: trainee.token,
      payload: createLogPayload({ supervisor: recordId, date_of_experience: '2026-03-10' }),
    });
    expect(newLog.statusCode).toBe(409);
    const reopenLog = await asSupervisor('POST', '/api/v1/reopen-log/', { log_id: second.id });
    expect(reopenLog.statusCode).toBe(409);
    expect(reopenLog.json().detail).toBe(
      'This month is signed off. Reopen the month first if a log in it needs to change.',
    );
  });

  it('refuses to sign a month with a log still waiting', async () => {
    const april = await createLog(trainee, recordId, {
      date_of_experience: '2026-03-19',
      time_of_expereince_start: '13:00',
      time_of_expereince_end: '14:00',
      unrestricted_hours: 1,
      supervision_start_time: '13:00',
      supervision_end_time: '13:30',
      supervised_hours: 0.5,
    }).catch((error: Error) => error);
    expect(april).toBeInstanceOf(Error);
    t.clock.now = new Date('2026-04-05T15:00:00Z');
    await createLog(trainee, recordId, { date_of_experience: '2026-04-02' });
    const response = await asSupervisor('POST', '/api/v1/month-signoff/', {
      u_id: trainee.id,
      month: '2026-04',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      '1 log is not approved yet: approve every log of the month before signing it.',
    );
  });

  it('reopens a month and records it in each log’s history', async () => {
    const reopened = await asSupervisor('POST', '/api/v1/month-signoff/reopen/', {
      u_id: trainee.id,
      month: '2026-03',
    });
    expect(reopened.json()).toEqual({ msg: 'Month reopened' });
    const history = (
      await t.request({
        method: 'GET',
        url: `/api/v1/experience-log/${second.id}/history/`,
        token: trainee.token,
      })
    ).json<{ results: { action: string }[] }>();
    expect(history.results.map((entry) => entry.action)).toEqual([
      'create',
      'approve',
      'approve',
      'reopen',
    ]);
    expect(
      (await asSupervisor('POST', '/api/v1/reopen-log/', { log_id: second.id })).statusCode,
    ).toBe(200);
  });
});

describe('restoring a log', () => {
  it('does not restore a deleted log into a signed month (issue 36)', async () => {
    // Its own app and accounts (the digest below counts everyone's): a 3 h log approved and
    // signed off, an 8 h one deleted before.
    const own = await createTestApp();
    onTestFinished(() => own.close());
    own.clock.now = new Date('2026-04-02T15:00:00Z');
    const tara = await createTrainee(own.db, { name: 'Tess Trainee' });
    const dana = await createSupervisor(own.db, { name: 'Dora Supervisor' });
    const record = await own.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: tara.token,
      payload: { name: 'Dora', lastname: 'Supervisor', email: dana.email },
    });
    const ownRecord = record.json<{ id: number }>().id;
    // The supervisor accepts the request (issue 36): only then does she see Tess's month.
    await answerRequestFrom(own, dana, tara.email);
    const kept = await createLog(tara, ownRecord, { date_of_experience: '2026-03-04' }, own);
    const deleted = await createLog(
      tara,
      ownRecord,
      {
        date_of_experience: '2026-03-06',
        time_of_expereince_end: '17:00',
        unrestricted_hours: 6,
        restricted_hours: 2,
        experience_hours: 8,
        independant_hours: 7,
      },
      own,
    );
    const as = (user: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) =>
      own.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });
    expect((await as(tara, 'DELETE', `/api/v1/experience-log/${deleted.id}/`)).statusCode).toBe(
      204,
    );
    expect(
      (await as(dana, 'POST', '/api/v1/approve-logs/', { u_id: tara.id, log_ids: [kept.id] }))
        .statusCode,
    ).toBe(200);
    const signed = await as(dana, 'POST', '/api/v1/month-signoff/', {
      u_id: tara.id,
      month: '2026-03',
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const restored = await as(tara, 'POST', `/api/v1/experience-log/${deleted.id}/restore/`);
    expect(restored.statusCode, restored.body).toBe(409);
    expect(restored.json()).toEqual({
      detail:
        'Dora Supervisor signed off March 2026, so your logs with them in that month are locked: none can be added, changed, moved in or out, or deleted. Ask them to reopen the month if something must change.',
      code: 'CONFLICT',
    });
    // It stays deleted: the signed month still holds the 3 h that were approved, nothing pending.
    const months = (
      await own.request({ method: 'GET', url: '/api/v1/month-signoff/', token: tara.token })
    ).json<{ results: { month: string; logs: number; pending: number; state: string }[] }>();
    expect(months.results).toEqual([
      expect.objectContaining({ month: '2026-03', logs: 1, pending: 0, state: 'signed' }),
    ]);
  });
});

describe('removing a trainee', () => {
  it('hides the trainee and their logs from the supervisor, reversibly', async () => {
    const removed = await asSupervisor('POST', '/api/v1/remove-user/', { u_id: trainee.id });
    expect(removed.json()).toEqual({ msg: 'Successfully User removed' });
    const visible = (await asSupervisor('GET', '/api/v1/experience-log/')).json<{
      results: Log[];
    }>();
    expect(visible.results.map((log) => log.user.id)).toEqual([otherTrainee.id]);
    // The calendar and the pending list leave out the removed trainee's days and logs too.
    expect(
      (
        await asSupervisor('GET', '/api/v1/get-dates/?start_date=2026-03-01&end_date=2026-03-31')
      ).json(),
    ).toEqual({
      dates: ['2026-03-05'],
      dates_status: [{ date_of_experience: '2026-03-05', status: 'pending' }],
    });
    const pending = (await asSupervisor('GET', '/api/v1/experience-log/?status=pending')).json<{
      results: Log[];
    }>();
    expect(pending.results.map((log) => [log.user.id, log.date_of_experience])).toEqual([
      [otherTrainee.id, '2026-03-05'],
    ]);
    expect(
      (await asSupervisor('POST', '/api/v1/flag-log/', { log_id: second.id, is_approved: true }))
        .statusCode,
    ).toBe(404);
    const trainees = (await asSupervisor('GET', '/api/v1/all-trainee/')).json<{
      results: { id: number; is_removed: boolean }[];
    }>();
    expect(trainees.results.find((row) => row.id === trainee.id)?.is_removed).toBe(true);
    const profile = (await asSupervisor('GET', '/users/profile/')).json<{
      results: { supervisor: { removed_user: number[] } }[];
    }>();
    expect(profile.results[0]?.supervisor.removed_user).toEqual([trainee.id]);

    await asSupervisor('POST', '/api/v1/restore-user/', { u_id: trainee.id });
    expect(
      (await asSupervisor('GET', `/api/v1/experience-log/?u_id=${trainee.id}`)).json<{
        results: Log[];
      }>().results.length,
    ).toBe(4);
  });

  it('answers 404 for a trainee who never listed the supervisor', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/remove-user/',
      token: stranger.token,
      payload: { u_id: trainee.id },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('daily digest', () => {
  it('mails each supervisor with waiting logs once a day, with a working unsubscribe', async () => {
    const context = { db: t.db, mailer: t.mailer, appUrl: 'http://localhost:3000' };
    expect(await sendDailyDigests({ ...context, now: t.clock.now })).toBe(1);
    expect(await t.lastMailTo(stranger.email)).toBeUndefined();
    const claimed = await t.db
      .select({ id: digestSubscriptions.supervisorUserId })
      .from(digestSubscriptions)
      .where(isNotNull(digestSubscriptions.lastSentAt));
    // Only the supervisor with logs waiting was claimed; the one without keeps an open slot.
    expect(claimed.map((row) => row.id)).toEqual([supervisorId]);
    const mail = await t.lastMailTo(SUPERVISOR_EMAIL);
    expect(mail?.subject).toMatch(/^\d+ logs? waiting for your review$/);
    expect(mail?.text).toContain('http://localhost:3000/supervisor/pending-logs');
    expect(
      await sendDailyDigests({ ...context, now: new Date(t.clock.now.getTime() + 3_600_000) }),
    ).toBe(0);
    expect(
      await sendDailyDigests({ ...context, now: new Date(t.clock.now.getTime() + 24 * 3_600_000) }),
    ).toBe(1);

    const link = (await t.lastMailTo(SUPERVISOR_EMAIL))?.text.match(
      /Unsubscribe: http:\/\/localhost:3000(\S+)/,
    )?.[1];
    expect(link).toBeDefined();
    const page = await t.request({ method: 'GET', url: link ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You will no longer receive the daily digest');
    expect(
      await sendDailyDigests({ ...context, now: new Date(t.clock.now.getTime() + 72 * 3_600_000) }),
    ).toBe(0);
    const stale = await t.request({
      method: 'GET',
      url: `/api/v1/digest/unsubscribe/?u=${supervisorId}&token=${'a'.repeat(48)}`,
    });
    expect(stale.statusCode).toBe(404);
  });
});
