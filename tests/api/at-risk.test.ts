import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRiskReminders, outboxEmails } from '../../src/server/db/schema';
import { sendDailyDigests } from '../../src/server/features/review/review-digest.service';
import type { AtRisk } from '../../src/shared/at-risk/at-risk.schema';
import { chooseStandards } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { linkSupervisor } from './forms-support';

/*
 * Issue 14, "Supervisors see who is at risk": the supervisor's linked trainees' current month
 * (April 10, 2026: 10 of 30 days elapsed, 20 left), those who will fail a requirement at the
 * current pace first; last month's unsigned forms; a reminder once per trainee a day; the same
 * facts in the daily digest. Amy and Zed chose the 2022 standards (contacts have a minimum):
 * without a choice, records this far from 2,000 h in 2026 are read by the 2027 standards.
 */

const NOW = new Date('2026-04-10T12:00:00.000Z');
let t: TestApp;
let supervisor: TestUser;
let outsider: TestUser;
let onPace: TestUser;
let behind: TestUser;
let removed: TestUser;
let behindRecord: number;

/** `count` daily logs of 3 h (1 h individually supervised, observed, a contact) from `first`. */
const logDays = (trainee: TestUser, record: number, first: string, count: number) =>
  insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: first,
    count,
  });

const getAtRisk = (user: TestUser) =>
  t.request({ method: 'GET', url: '/api/v1/at-risk/', token: user.token });
const remind = (user: TestUser, payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/at-risk/remind/', token: user.token, payload });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  supervisor = await createSupervisor(t.db, { name: 'Ana Núñez' });
  outsider = await createSupervisor(t.db, { name: 'Olu Other' });
  onPace = await createTrainee(t.db, { name: 'Amy On-Pace' });
  behind = await createTrainee(t.db, { name: 'Zed Behind' });
  removed = await createTrainee(t.db, { name: 'Rae Removed' });
  await chooseStandards(t, onPace, '2022');
  await chooseStandards(t, behind, '2022');
  // Amy: 10 of 10 days logged, 30 h so far, 90 h projected: nothing will fail.
  await logDays(onPace, await linkSupervisor(t, onPace, supervisor), '2026-04-01', 10);
  // Zed: 2 days, 6 h so far, 18 h projected (< 20); March logged and its form unsigned.
  behindRecord = await linkSupervisor(t, behind, supervisor);
  await logDays(behind, behindRecord, '2026-04-01', 2);
  await logDays(behind, behindRecord, '2026-03-02', 20);
  await logDays(removed, await linkSupervisor(t, removed, supervisor), '2026-04-01', 1);
  const removal = await t.request({
    method: 'POST',
    url: '/api/v1/remove-user/',
    token: supervisor.token,
    payload: { u_id: removed.id },
  });
  expect(removal.statusCode, removal.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/v1/at-risk/', () => {
  it('lists the linked trainees, those who will fail at the current pace first', async () => {
    const response = await getAtRisk(supervisor);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AtRisk>();
    expect(body).toMatchObject({
      month: '2026-04',
      today: '2026-04-10',
      days_in_month: 30,
      days_elapsed: 10,
      days_left: 20,
    });
    expect(body.trainees.map((trainee) => [trainee.name, trainee.is_at_risk])).toEqual([
      ['Zed Behind', true],
      ['Amy On-Pace', false],
    ]);
    const [zed, amy] = body.trainees;
    expect(zed?.rule_set.id).toBe('2022');
    expect(zed?.types).toEqual([
      {
        expereince_type: 1,
        name: 'Supervised Fieldwork',
        structure: null,
        hours_so_far: 6,
        projected_hours: 18,
        supervision_percent: 33.3,
        supervision_required: 5,
        contacts: 2,
        contacts_required: 4,
        contacts_needed: 2,
        observation: { unit: 'count', actual: 2, required: 1, needed: 0 },
        hours_needed: 14,
        failing_at_pace: [{ key: 'total-min', label: 'Total hours (minimum)' }],
      },
    ]);
    expect(amy?.types[0]).toMatchObject({
      hours_so_far: 30,
      projected_hours: 90,
      contacts_needed: 0,
      hours_needed: 0,
      failing_at_pace: [],
    });
  });

  it("lists last month's unsigned forms with their deadline", async () => {
    const body = (await getAtRisk(supervisor)).json<AtRisk>();
    expect(body.unsigned_forms).toEqual([
      {
        trainee_id: behind.id,
        trainee_name: 'Zed Behind',
        trainee_supervisor: behindRecord,
        month: '2026-03',
        deadline: '2026-04-30',
        days_left: 20,
      },
    ]);
  });

  it('shows another supervisor none of these trainees, and refuses trainees', async () => {
    const other = await getAtRisk(outsider);
    expect(other.statusCode).toBe(200);
    expect(other.json<AtRisk>()).toMatchObject({ trainees: [], unsigned_forms: [] });
    expect((await getAtRisk(behind)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/at-risk/' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/at-risk/remind/', () => {
  it('mails the trainee what the month still needs, once a day, and records it', async () => {
    const first = await remind(supervisor, { u_id: behind.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      msg: 'Reminder sent to Zed Behind',
      sent_at: NOW.toISOString(),
    });
    const mail = await t.lastMailTo(behind.email);
    expect(mail?.subject).toBe('Ana Núñez sent you a reminder about your April 2026 fieldwork');
    expect(mail?.text).toContain('20 days of April 2026 are left after today.');
    expect(mail?.text).toContain(
      'Supervised Fieldwork: 6 h so far, 33.3% supervised, 14 h still needed',
    );
    expect(mail?.text).toContain('2 contacts still needed');
    expect(mail?.text).toContain('at this pace will miss: Total hours (minimum)');

    t.clock.now = new Date('2026-04-10T20:00:00.000Z');
    const again = await remind(supervisor, { u_id: behind.id });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      detail: 'You already sent Zed Behind a reminder today. You can send another tomorrow.',
    });
    expect(again.headers['retry-after']).toBe(String(4 * 3600));
    const listed = (await getAtRisk(supervisor)).json<AtRisk>();
    expect(listed.trainees.find((row) => row.id === behind.id)?.reminded_today).toBe(true);
    expect(listed.trainees.find((row) => row.id === onPace.id)?.reminded_today).toBe(false);

    t.clock.now = new Date('2026-04-11T08:00:00.000Z');
    expect((await remind(supervisor, { u_id: behind.id })).statusCode).toBe(200);
    const recorded = await t.db
      .select({ day: atRiskReminders.day, supervisor: atRiskReminders.supervisorUserId })
      .from(atRiskReminders)
      .where(eq(atRiskReminders.traineeId, behind.id))
      .orderBy(asc(atRiskReminders.day));
    expect(recorded).toEqual([
      { day: '2026-04-10', supervisor: supervisor.id },
      { day: '2026-04-11', supervisor: supervisor.id },
    ]);
    const mails = await t.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, behind.email));
    expect(mails).toHaveLength(2);
    t.clock.now = NOW;
  });

  it('refuses a trainee not linked to the supervisor, a removed one, and trainees', async () => {
    const notFound = { detail: 'Trainee not found', code: 'NOT_FOUND' };
    const stranger = await remind(outsider, { u_id: behind.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(notFound);
    expect((await remind(supervisor, { u_id: removed.id })).json()).toEqual(notFound);
    expect((await remind(behind, { u_id: behind.id })).statusCode).toBe(403);
    const bad = await remind(supervisor, { u_id: 'someone' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['u_id']);
    const kept = await t.db
      .select({ id: atRiskReminders.id })
      .from(atRiskReminders)
      .where(eq(atRiskReminders.traineeId, removed.id));
    expect(kept).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('carries the at-risk trainees and the unsigned forms', async () => {
    const context = { db: t.db, mailer: t.mailer, appUrl: 'https://tracker.example.com' };
    expect(await sendDailyDigests({ ...context, now: NOW })).toBe(1);
    const mail = await t.lastMailTo(supervisor.email);
    // Logs are waiting (the inserted logs are pending): they come first, as before.
    expect(mail?.subject).toBe('32 logs waiting for your review');
    const text = mail?.text ?? '';
    expect(text).toContain(
      "At the current pace (this month's figures so far, projected to the month's end), these trainees will miss a requirement; 20 days are left after today:",
    );
    expect(text).toContain(
      '- Zed Behind: Supervised Fieldwork: 6 h so far, 33.3% supervised, 14 h still needed, 2 contacts still needed, at this pace will miss: Total hours (minimum)',
    );
    expect(text).not.toContain('Amy On-Pace: Supervised Fieldwork');
    expect(text).not.toContain('Rae Removed');
    expect(text).toContain(
      "Last month's verification forms still to sign:\n- Zed Behind: the M-FVF for March 2026 is not signed; due 4/30/2026 (20 days left)",
    );
    // The supervisor with no trainee is not mailed.
    expect(await t.lastMailTo(outsider.email)).toBeUndefined();
  });
});
