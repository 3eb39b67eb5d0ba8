import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, logHistory, monthForms, monthSignoffs } from '../../src/server/db/schema';
import { REOPEN_MESSAGES } from '../../src/server/features/review/review-signoff.service';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import type { MonthState } from '../../src/shared/review/review.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import {
  approveLogs,
  atOrganization,
  dropTemplate,
  filled,
  formsWorld,
  linkSupervisor,
  list,
  logDays,
  organizationWorld,
  type FormsWorld,
} from './forms-support';

/*
 * Issue 38 part 6: a sign-off covers its own structure. BCBA Handbook, "Multiple Settings and/or
 * Supervisors": "the trainee must independently meet the requirements at each site". Zoë logs
 * March with two individual supervisors, Ana Núñez and Ben Bell; Ana signs her March off while
 * Ben's logs still wait. The clock is the forms world's, April 10, 2026.
 */

const LOCKED =
  'in that month are locked: none can be added, changed, moved in or out, or deleted. Ask them to reopen the month if something must change.';
const ANA_LOCKED = `Ana Núñez signed off March 2026, so your logs with them ${LOCKED}`;

type Request = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
};
const as = (w: { t: FormsWorld['t'] }, user: TestUser, request: Request) =>
  w.t.request({ ...request, token: user.token });

const logWith = (record: number, overrides: Partial<LogEntryWire>) =>
  createLogPayload({ supervisor: record, trainee_supervisor: record, ...overrides });

/** An evening log, clear of the 09:00–12:00 logs of logDays. */
const EVENING = {
  time_of_expereince_start: '18:00',
  time_of_expereince_end: '21:00',
  supervision_start_time: '18:00',
  supervision_end_time: '19:00',
} as const;

async function monthStates(w: { t: FormsWorld['t'] }, user: TestUser, traineeId?: number) {
  const query = traineeId === undefined ? '' : `?u_id=${traineeId}`;
  const response = await as(w, user, { method: 'GET', url: `/api/v1/month-signoff/${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: MonthState[] }>().results;
}

const signOff = (w: { t: FormsWorld['t']; trainee: TestUser }, user: TestUser, month: string) =>
  as(w, user, {
    method: 'POST',
    url: '/api/v1/month-signoff/',
    payload: { u_id: w.trainee.id, month },
  });

const reopen = (w: { t: FormsWorld['t']; trainee: TestUser }, user: TestUser, month: string) =>
  as(w, user, {
    method: 'POST',
    url: '/api/v1/month-signoff/reopen/',
    payload: { u_id: w.trainee.id, month },
  });

async function statusOf(w: { t: FormsWorld['t'] }, logId: number) {
  const [row] = await w.t.db
    .select({ status: experienceLogs.status, record: experienceLogs.traineeSupervisorId })
    .from(experienceLogs)
    .where(eq(experienceLogs.id, logId));
  return row;
}

describe('two individual supervisors in one month', () => {
  let w: FormsWorld;
  let ana: TestUser;
  let ben: TestUser;
  let anaRecord: number;
  let benRecord: number;
  let anaLogs: number[];
  let benLogs: number[];
  let anaForm: number;
  let benForm: number;

  beforeAll(async () => {
    w = await formsWorld();
    await dropTemplate(w, 'mfvf-2022-individual');
    ana = w.supervisor;
    anaRecord = w.recordId;
    ben = await createSupervisor(w.t.db, { name: 'Ben Bell' });
    benRecord = await linkSupervisor(w.t, w.trainee, ben, 'Ben', 'Bell');
    anaLogs = await logDays(w, anaRecord, '2026-03-02', 3);
    benLogs = await logDays(w, benRecord, '2026-03-10', 3);
    const approved = await as(w, ana, {
      method: 'POST',
      url: '/api/v1/approve-logs/',
      payload: { u_id: w.trainee.id, log_ids: anaLogs },
    });
    expect(approved.json()).toMatchObject({ approved: anaLogs, skipped: [] });
    anaForm = (
      await filled(w, { month: '2026-03', trainee_supervisor: anaRecord, expereince_type: 1 })
    ).id;
    benForm = (
      await filled(w, { month: '2026-03', trainee_supervisor: benRecord, expereince_type: 1 })
    ).id;
  });
  afterAll(async () => w.close());

  it('signs Ana’s March off while Ben’s logs still wait (Handbook "Multiple Settings and/or Supervisors")', async () => {
    const signed = await signOff(w, ana, '2026-03');
    expect(signed.statusCode, signed.body).toBe(200);
    const rows = await w.t.db.select().from(monthSignoffs);
    expect(rows).toEqual([
      expect.objectContaining({
        supervisorUserId: ana.id,
        traineeSupervisorId: anaRecord,
        month: '2026-03',
        reopenedAt: null,
      }),
    ]);
    // Ben's own sign-off still waits for his logs, not for Ana's.
    const waiting = await signOff(w, ben, '2026-03');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({
      detail: '3 logs are not approved yet: approve every log of the month before signing it.',
      code: 'CONFLICT',
    });
  });

  it('shows each structure’s month on its own: signed for Ana, open for Ben', async () => {
    const forTrainee = await monthStates(w, w.trainee);
    expect(forTrainee).toEqual([
      expect.objectContaining({
        month: '2026-03',
        trainee_supervisor: anaRecord,
        supervisor_name: 'Ana Núñez',
        organization: '',
        logs: 3,
        state: 'signed',
        signed_by: 'Ana Núñez',
        signed_at: w.t.clock.now.toISOString(),
      }),
      expect.objectContaining({
        month: '2026-03',
        trainee_supervisor: benRecord,
        supervisor_name: 'Ben Bell',
        logs: 3,
        pending: 3,
        state: 'open',
        signed_by: null,
      }),
    ]);
    expect(await monthStates(w, ana, w.trainee.id)).toEqual([forTrainee[0]]);
    expect(await monthStates(w, ben, w.trainee.id)).toEqual([forTrainee[1]]);
    // The forms list says it alike: Ana's form row is signed off, Ben's is not.
    const forms = (await list(w, w.trainee)).results;
    expect(forms.map((row) => [row.trainee_supervisor, row.signed_off?.signed_by ?? null])).toEqual(
      [
        [anaRecord, 'Ana Núñez'],
        [benRecord, null],
      ],
    );
  });

  it('lets the trainee add, edit and delete logs under Ben in March, and add none under Ana', async () => {
    const added = await as(w, w.trainee, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(benRecord, { date_of_experience: '2026-03-20', ...EVENING }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: number }>().id;
    const edited = await as(w, w.trainee, {
      method: 'PUT',
      url: `/api/v1/experience-log/${id}/`,
      payload: logWith(benRecord, {
        date_of_experience: '2026-03-20',
        ...EVENING,
        experience_note: 'Wrote a skill acquisition plan',
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const deleted = await as(w, w.trainee, {
      method: 'DELETE',
      url: `/api/v1/experience-log/${id}/`,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const underAna = await as(w, w.trainee, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(anaRecord, { date_of_experience: '2026-03-21', ...EVENING }),
    });
    expect(underAna.statusCode).toBe(409);
    expect(underAna.json()).toEqual({ detail: ANA_LOCKED, code: 'CONFLICT' });
  });

  it('lets Ben reopen an approved log of his March, and Ana none of hers', async () => {
    const logId = benLogs[2] ?? 0;
    const approved = await as(w, ben, {
      method: 'POST',
      url: '/api/v1/flag-log/',
      payload: { log_id: logId, is_approved: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const byBen = await as(w, ben, {
      method: 'POST',
      url: '/api/v1/reopen-log/',
      payload: { log_id: logId },
    });
    expect(byBen.statusCode, byBen.body).toBe(200);
    expect(await statusOf(w, logId)).toEqual({ status: 'pending', record: benRecord });
    const byAna = await as(w, ana, {
      method: 'POST',
      url: '/api/v1/reopen-log/',
      payload: { log_id: anaLogs[1] },
    });
    expect(byAna.statusCode).toBe(409);
    expect(byAna.json()).toEqual({
      detail: 'This month is signed off. Reopen the month first if a log in it needs to change.',
      code: 'CONFLICT',
    });
    // Nor may Ben reopen Ana's log: it is not his to see.
    const benOnAnas = await as(w, ben, {
      method: 'POST',
      url: '/api/v1/reopen-log/',
      payload: { log_id: anaLogs[1] },
    });
    expect(benOnAnas.json()).toEqual({ detail: 'Log not found', code: 'NOT_FOUND' });
  });

  it('refuses moving a log into Ana’s March, by its supervisor or by its date', async () => {
    const toAna = await as(w, w.trainee, {
      method: 'PUT',
      url: `/api/v1/experience-log/${benLogs[0]}/`,
      payload: logWith(anaRecord, { date_of_experience: '2026-03-10' }),
    });
    expect(toAna.statusCode).toBe(409);
    expect(toAna.json()).toEqual({ detail: ANA_LOCKED, code: 'CONFLICT' });
    expect(await statusOf(w, benLogs[0] ?? 0)).toEqual({ status: 'pending', record: benRecord });

    const april = await as(w, w.trainee, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(anaRecord, { date_of_experience: '2026-04-02' }),
    });
    expect(april.statusCode, april.body).toBe(201);
    const aprilId = april.json<{ id: number }>().id;
    const intoMarch = await as(w, w.trainee, {
      method: 'PUT',
      url: `/api/v1/experience-log/${aprilId}/`,
      payload: logWith(anaRecord, { date_of_experience: '2026-03-25' }),
    });
    expect(intoMarch.statusCode).toBe(409);
    expect(intoMarch.json()).toEqual({ detail: ANA_LOCKED, code: 'CONFLICT' });
    // Into Ben's March, which is open, it may go.
    const intoBens = await as(w, w.trainee, {
      method: 'PUT',
      url: `/api/v1/experience-log/${aprilId}/`,
      payload: logWith(benRecord, { date_of_experience: '2026-03-25' }),
    });
    expect(intoBens.statusCode, intoBens.body).toBe(200);
  });

  it('refuses moving a log out of Ana’s March, or deleting it, even one left pending', async () => {
    // No route leaves a log of a signed month pending: this one is set so in the database.
    const stuck = anaLogs[0] ?? 0;
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'pending' })
      .where(eq(experienceLogs.id, stuck));
    for (const payload of [
      logWith(anaRecord, { date_of_experience: '2026-04-03' }),
      logWith(benRecord, { date_of_experience: '2026-03-02' }),
    ]) {
      const moved = await as(w, w.trainee, {
        method: 'PUT',
        url: `/api/v1/experience-log/${stuck}/`,
        payload,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toEqual({ detail: ANA_LOCKED, code: 'CONFLICT' });
    }
    const deleted = await as(w, w.trainee, {
      method: 'DELETE',
      url: `/api/v1/experience-log/${stuck}/`,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ detail: ANA_LOCKED, code: 'CONFLICT' });
    expect(await statusOf(w, stuck)).toEqual({ status: 'pending', record: anaRecord });
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'approved' })
      .where(eq(experienceLogs.id, stuck));
  });

  it('refuses Ben reopening Ana’s sign-off (403) and a stranger (404), voiding nothing', async () => {
    const byBen = await reopen(w, ben, '2026-03');
    expect(byBen.statusCode).toBe(403);
    expect(byBen.json()).toEqual({ detail: REOPEN_MESSAGES.othersSignoff, code: 'FORBIDDEN' });
    const stranger = await createSupervisor(w.t.db, { name: 'Stan Stranger' });
    const byStranger = await reopen(w, stranger, '2026-03');
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ detail: 'Trainee not found', code: 'NOT_FOUND' });
    const [signoff] = await w.t.db.select().from(monthSignoffs);
    expect(signoff).toMatchObject({ reopenedAt: null, reopenedBy: null });
    const forms = await w.t.db.select({ voidedAt: monthForms.voidedAt }).from(monthForms);
    expect(forms).toEqual([{ voidedAt: null }, { voidedAt: null }]);
  });

  it('leaves another trainee of Ana’s unaffected: their March stays open to log', async () => {
    const omar = await createTrainee(w.t.db, { name: 'Omar Other' });
    const omarRecord = await linkSupervisor(w.t, omar, ana, 'Ana', 'Núñez');
    const logged = await as(w, omar, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(omarRecord, { date_of_experience: '2026-03-03' }),
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(await monthStates(w, omar)).toEqual([
      expect.objectContaining({ month: '2026-03', logs: 1, state: 'open', signed_by: null }),
    ]);
    const reopened = await reopen({ t: w.t, trainee: omar }, ana, '2026-03');
    expect(reopened.json()).toEqual({ detail: REOPEN_MESSAGES.notSigned, code: 'CONFLICT' });
  });

  it('reopens Ana’s March alone: her form is voided, Ben’s stands, and her March takes logs again', async () => {
    w.t.clock.advanceMinutes(5);
    const reopened = await reopen(w, ana, '2026-03');
    expect(reopened.statusCode, reopened.body).toBe(200);
    const forms = await w.t.db
      .select({ id: monthForms.id, voidedAt: monthForms.voidedAt })
      .from(monthForms);
    expect(forms).toEqual(
      expect.arrayContaining([
        { id: anaForm, voidedAt: w.t.clock.now },
        { id: benForm, voidedAt: null },
      ]),
    );
    // The reopening is in the history of Ana's logs, none of Ben's.
    const reopenedLogs = await w.t.db
      .select({ logId: logHistory.logId })
      .from(logHistory)
      .where(and(eq(logHistory.action, 'reopen'), eq(logHistory.actorId, ana.id)));
    expect(reopenedLogs.map((row) => row.logId).sort((a, b) => a - b)).toEqual(anaLogs);
    const added = await as(w, w.trainee, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(anaRecord, { date_of_experience: '2026-03-21', ...EVENING }),
    });
    expect(added.statusCode, added.body).toBe(201);
  });
});

describe('two supervisors at one organization', () => {
  let w: Awaited<ReturnType<typeof organizationWorld>>;
  const ACME_LOCKED = `Ana Núñez signed off March 2026 for Acme ABA, so your logs at Acme ABA ${LOCKED}`;

  beforeAll(async () => {
    // Ana (20 days) and Lee Park (5 days) at Acme ABA in March; Ana's logs approved, Lee's not.
    w = await organizationWorld();
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'approved' })
      .where(eq(experienceLogs.traineeSupervisorId, w.recordId));
  });
  afterAll(async () => w.close());

  it('waits for every log at the organization, Lee’s included', async () => {
    const waiting = await signOff(w, w.supervisor, '2026-03');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({
      detail:
        "5 logs at Acme ABA are not approved yet: every log of the organization's month is approved before it is signed off.",
      code: 'CONFLICT',
    });
  });

  it('shares one sign-off: Ana’s covers Lee’s logs, and Lee cannot sign it again (Handbook "Multiple Supervisors at One Organization")', async () => {
    await approveLogs(w, '2026-03');
    const signed = await signOff(w, w.supervisor, '2026-03');
    expect(signed.statusCode, signed.body).toBe(200);
    const [forLee] = await monthStates(w, w.lee, w.trainee.id);
    expect(forLee).toMatchObject({
      month: '2026-03',
      organization: 'Acme ABA',
      logs: 25,
      state: 'signed',
      signed_by: 'Ana Núñez',
    });
    expect(await monthStates(w, w.trainee)).toEqual([forLee]);
    const again = await signOff(w, w.lee, '2026-03');
    expect(again.json()).toEqual({
      detail: 'Ana Núñez already signed this month off.',
      code: 'CONFLICT',
    });
    const underLee = await as(w, w.trainee, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(w.leeRecord, { date_of_experience: '2026-03-28' }),
    });
    expect(underLee.statusCode).toBe(409);
    expect(underLee.json()).toEqual({ detail: ACME_LOCKED, code: 'CONFLICT' });
  });

  it('lets Lee reopen it for the organization: its logs take changes again', async () => {
    const reopened = await reopen(w, w.lee, '2026-03');
    expect(reopened.statusCode, reopened.body).toBe(200);
    const [signoff] = await w.t.db.select().from(monthSignoffs);
    expect(signoff).toMatchObject({ supervisorUserId: w.supervisor.id, reopenedBy: w.lee.id });
    const underLee = await as(w, w.trainee, {
      method: 'POST',
      url: '/api/v1/experience-log/',
      payload: logWith(w.leeRecord, { date_of_experience: '2026-03-28' }),
    });
    expect(underLee.statusCode, underLee.body).toBe(201);
  });

  it('keeps the record of a supervisor who signed the organization’s month, logs or none', async () => {
    // Kim, at Acme ABA too, has no log: her sign-off names her record, which must stay.
    const kim = await createSupervisor(w.t.db, { name: 'Kim Cho' });
    const kimRecord = await linkSupervisor(w.t, w.trainee, kim, 'Kim', 'Cho');
    await atOrganization(w, kimRecord, 'Acme ABA');
    await approveLogs(w, '2026-03');
    const signed = await signOff(w, kim, '2026-03');
    expect(signed.statusCode, signed.body).toBe(200);
    const deleted = await as(w, w.trainee, {
      method: 'DELETE',
      url: `/api/v1/trainee-supervisors/${kimRecord}/`,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({
      detail:
        'This supervisor signed months off, so they cannot be deleted: the sign-offs must keep their supervisor for BACB audits. End their access instead.',
      code: 'CONFLICT',
    });
    const stranger = await createTrainee(w.t.db);
    const byStranger = await as(w, stranger, {
      method: 'DELETE',
      url: `/api/v1/trainee-supervisors/${kimRecord}/`,
    });
    expect(byStranger.json()).toEqual({ detail: 'Supervisor not found', code: 'NOT_FOUND' });
  });
});
