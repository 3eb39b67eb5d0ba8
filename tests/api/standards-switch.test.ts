import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardsSwitchNotices, users } from '../../src/server/db/schema';
import { sendSwitchNotices } from '../../src/server/features/progress/standards-switch-notices.service';
import type { AtRisk } from '../../src/shared/at-risk/at-risk.schema';
import type { DashboardTable, MonthValidation } from '../../src/shared/progress/accrued.schema';
import type { StandardsSwitchWire } from '../../src/shared/progress/standards-switch.schema';
import { logIn, mailsTo } from '../helpers/accounts';
import {
  createSupervisor,
  createTrainee,
  DEFAULT_PASSWORD,
  type TestUser,
} from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { linkSupervisor } from './forms-support';

/*
 * Issue 35: the switch to the 2027 standards. BCBA Handbook (updated 01/2026), "Fieldwork
 * Requirements": "Applicants applying for BCBA certification must meet all requirements at the
 * time they apply, regardless of when their hours were earned." This file stands on
 * 15 December 2026, 10:00 in New York, sixteen days before the switch.
 */

const TODAY = new Date('2026-12-15T15:00:00.000Z');
const APP_URL = 'https://tracker.example.com';

let t: TestApp;
let supervisor: TestUser;
/** October 2026 holds one 30-minute observation; November and December are observed in full. */
let olive: TestUser;
/** 1,980 counted hours, every month observed in full: can finish before the switch. */
let nearly: TestUser;

/** `count` daily 3-hour logs (1 h individually supervised) from `firstDate`, observed or not. */
function days(
  trainee: TestUser,
  record: number,
  firstDate: string,
  count: number,
  observationMinutes: number | null = 60,
) {
  return insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate,
    count,
    overrides:
      observationMinutes === null
        ? { clientObservation: 'No', observationMinutes: null }
        : { observationMinutes },
  });
}

const get = async <T>(url: string, user: TestUser) => {
  const response = await t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  t.clock.now = TODAY;
  supervisor = await createSupervisor(t.db, { name: 'Dana Reyes' });
  olive = await createTrainee(t.db, { name: 'Olive Park', dateJoined: TODAY });
  nearly = await createTrainee(t.db, { name: 'Nia Close', dateJoined: TODAY });

  const oliveRecord = await linkSupervisor(t, olive, supervisor, 'Dana', 'Reyes');
  // October: 10 days, 30 h, one observation of 30 minutes on the first day.
  await days(olive, oliveRecord, '2026-10-01', 1, 30);
  await days(olive, oliveRecord, '2026-10-02', 9, null);
  // November: 10 days, 30 h, each observed for an hour.
  await days(olive, oliveRecord, '2026-11-02', 10);
  // December so far: 7 days, 21 h, one 30-minute observation.
  await days(olive, oliveRecord, '2026-12-01', 1, 30);
  await days(olive, oliveRecord, '2026-12-02', 6, null);
  await insertPaperForms(t.db, {
    traineeId: olive.id,
    traineeSupervisorId: oliveRecord,
    months: ['2026-10', '2026-11'],
  });

  const nearlyRecord = await linkSupervisor(t, nearly, supervisor, 'Dana', 'Reyes');
  // 660 days of 3 h from 24 February 2025 to 15 December 2026: 1,980 h, each month signed.
  await days(nearly, nearlyRecord, '2025-02-24', 660);
  const months: string[] = [];
  for (let month = '2025-02'; month < '2026-12';) {
    months.push(month);
    const [year, index] = month.split('-').map(Number) as [number, number];
    month = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  }
  await insertPaperForms(t.db, {
    traineeId: nearly.id,
    traineeSupervisorId: nearlyRecord,
    months,
  });
});
afterAll(async () => t.close());

describe('the 2027 switch, sixteen days ahead ("Fieldwork Requirements": all requirements at the time they apply)', () => {
  it('reads a trainee who cannot reach the total before 1 January 2027 by the 2027 standards, and says why', async () => {
    const table = await get<DashboardTable>('/api/v1/dashboard-table-api/', olive);
    expect(table.rule_set.id).toBe('2027');
    expect(table.rule_set.reason).toBe(
      'You need 1,919 more hours toward the total and the days left before 1/1/2027 hold at most 71.25 at the monthly maximum, so you will apply under the 2027 standards: your record is read by them now, 2026 hours included.',
    );
    // October, read by the 2027 standards, counts nothing: 30 of 60 observation minutes.
    const october = table.results.find((row) => row.month === '2026-10');
    expect(october?.adjusted_hours).toBe(0);
    expect(october?.removals.map((removal) => removal.rule)).toEqual(['no-observation']);
    const checks = await get<MonthValidation>('/api/v1/validate/?month=2026-10', olive);
    expect(checks.rule_set.id).toBe('2027');
    expect(checks.types[0]?.checks.find((check) => check.key === 'observation')).toMatchObject({
      actual: 30,
      required: 60,
      status: 'fail',
    });
  });

  it('shows the months the two sets count differently, the rule, the totals and what the switch costs', async () => {
    const answer = await get<StandardsSwitchWire>('/api/v1/standards-switch/', olive);
    expect(answer.is_before_switch).toBe(true);
    expect(answer.switch_date).toBe('2027-01-01');
    expect(answer.reach).toEqual({
      can_finish: false,
      needed_hours: 1919,
      capacity_hours: 71.28,
      apply_by: '2026-12-31',
    });
    expect(answer.counted_hours).toEqual({ 2022: 81, 2027: 30 });
    expect(answer.cost_hours).toBe(51);
    expect(answer.summary).toBe(
      'From 1/1/2027 the 2027 standards take 51 hours from your record, in 2 months: 81 count under the 2022 standards, 30 under the 2027 standards.',
    );
    expect(answer.months).toEqual([
      {
        month: '2026-12',
        date: 'December 2026',
        logged_hours: 21,
        counted_hours: { 2022: 21, 2027: 0 },
        differences: [
          { rule_set: '2027', key: 'observation', text: 'observation 30 of 60 minutes' },
        ],
        mends: [
          {
            rule_set: '2027',
            text: '30 more observation minutes with your supervisor by 12/31/2026',
          },
        ],
        is_running: true,
      },
      {
        month: '2026-10',
        date: 'October 2026',
        logged_hours: 30,
        counted_hours: { 2022: 30, 2027: 0 },
        differences: [
          { rule_set: '2027', key: 'observation', text: 'observation 30 of 60 minutes' },
        ],
        mends: [],
        is_running: false,
      },
    ]);
    expect(answer.notified_at).toBeNull();
  });

  it('keeps the 2022 reading for a trainee who can still finish in 2026, with the day to apply by', async () => {
    const answer = await get<StandardsSwitchWire>('/api/v1/standards-switch/', nearly);
    expect(answer.rule_set.id).toBe('2022');
    expect(answer.rule_set.reason).toBe(
      'You can still reach the total before 1/1/2027: apply by 12/31/2026 and the 2022 standards apply; from 1/1/2027, the 2027 standards.',
    );
    // February 2025's 5 days (15 h) are under the 20-hour minimum: 1,965 of 1,980 h count.
    expect(answer.reach).toMatchObject({ can_finish: true, needed_hours: 35 });
    expect(answer.months).toEqual([]);
    expect(answer.cost_hours).toBe(0);
  });

  it("shows the trainee's supervisor the same list on the at-risk overview", async () => {
    const atRisk = await get<AtRisk>('/api/v1/at-risk/', supervisor);
    const row = atRisk.trainees.find((trainee) => trainee.id === olive.id);
    expect(row?.standards_switch).toEqual({
      cost_hours: 51,
      summary:
        "From 1/1/2027 the 2027 standards take 51 hours from Olive Park's record, in 2 months: 81 count under the 2022 standards, 30 under the 2027 standards.",
      months: [
        'December 2026 (so far): 21 h under the 2022 standards, 0 h under the 2027 standards (observation 30 of 60 minutes under the 2027 standards)',
        'October 2026: 30 h under the 2022 standards, 0 h under the 2027 standards (observation 30 of 60 minutes under the 2027 standards)',
      ],
    });
    expect(
      atRisk.trainees.find((trainee) => trainee.id === nearly.id)?.standards_switch,
    ).toBeNull();
  });

  it('shows a linked trainee to their supervisor and hides them from anyone else', async () => {
    const asSupervisor = await get<StandardsSwitchWire>(
      `/api/v1/standards-switch/?u_id=${olive.id}`,
      supervisor,
    );
    expect(asSupervisor.cost_hours).toBe(51);
    const stranger = await createSupervisor(t.db);
    const other = await createTrainee(t.db);
    for (const [user, url] of [
      [stranger, `/api/v1/standards-switch/?u_id=${olive.id}`],
      [other, `/api/v1/standards-switch/?u_id=${olive.id}`],
    ] as const) {
      const response = await t.request({ method: 'GET', url, token: user.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Trainee not found', code: 'NOT_FOUND' });
    }
    const ownOnly = await get<StandardsSwitchWire>('/api/v1/standards-switch/', other);
    expect(ownOnly.months).toEqual([]);
    const unauthenticated = await t.request({ method: 'GET', url: '/api/v1/standards-switch/' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('mails each trainee whose count changes once, and records what it said', async () => {
    expect(
      await sendSwitchNotices({ db: t.db, mailer: t.mailer, appUrl: APP_URL, now: TODAY }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await sendSwitchNotices({ db: t.db, mailer: t.mailer, appUrl: APP_URL, now: TODAY }),
    ).toBe(0);
    const mails = await mailsTo(t, olive.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      'From 1/1/2027 the 2027 standards change what your fieldwork counts',
    );
    expect(mails[0]?.text).toContain(
      'From 1/1/2027 the 2027 standards take 51 hours from your record, in 2 months',
    );
    expect(mails[0]?.text).toContain(
      '- October 2026: 30 h under the 2022 standards, 0 h under the 2027 standards (observation 30 of 60 minutes under the 2027 standards)',
    );
    expect(mails[0]?.text).toContain(
      '- 30 more observation minutes with your supervisor by 12/31/2026 (2027 standards)',
    );
    expect(mails[0]?.text).toContain(`${APP_URL}/student/dashboard`);
    // Nia's count does not change: no mail.
    expect(await mailsTo(t, nearly.email)).toHaveLength(0);
    const [notice] = await t.db
      .select()
      .from(standardsSwitchNotices)
      .where(eq(standardsSwitchNotices.traineeId, olive.id));
    expect(notice).toMatchObject({
      costMinutes: 51 * 60,
      counted2022Minutes: 81 * 60,
      counted2027Minutes: 30 * 60,
      months: ['2026-12', '2026-10'],
    });
    const answer = await get<StandardsSwitchWire>('/api/v1/standards-switch/', olive);
    expect(answer.notified_at).toBe(TODAY.toISOString());
  });

  it('tells a trainee on their own last day before the switch, where it is still 2026', async () => {
    // 03:00 UTC on 1 January 2027: 22:00 on 31 December in New York.
    const at = new Date('2027-01-01T03:00:00.000Z');
    const [newYork, london] = await Promise.all(
      ['New York', 'London'].map(async (name) => {
        const trainee = await createTrainee(t.db, { name: `Eve ${name}`, dateJoined: at });
        const record = await insertSupervisorRecord(t.db, trainee.id);
        await days(trainee, record, '2026-10-01', 1, 30);
        await days(trainee, record, '2026-10-02', 9, null);
        // Signed on time: October counts under 2022, not under 2027 (its observation is short).
        await insertPaperForms(t.db, {
          traineeId: trainee.id,
          traineeSupervisorId: record,
          months: ['2026-10'],
        });
        return trainee;
      }),
    );
    await t.db.update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, newYork!.id));
    await t.db.update(users).set({ timeZone: 'Europe/London' }).where(eq(users.id, london!.id));
    expect(await sendSwitchNotices({ db: t.db, mailer: t.mailer, appUrl: APP_URL, now: at })).toBe(
      1,
    );
    expect(await mailsTo(t, newYork!.email)).toHaveLength(1);
    expect(await mailsTo(t, london!.email)).toHaveLength(0);
  });

  it('compares nothing and mails nobody once the switch has come', async () => {
    const after = new Date('2027-01-02T15:00:00.000Z');
    t.clock.now = after;
    try {
      const fresh = await createTrainee(t.db, { name: 'Late Comer', dateJoined: after });
      const record = await insertSupervisorRecord(t.db, fresh.id);
      await days(fresh, record, '2026-10-01', 1, 30);
      await days(fresh, record, '2026-10-02', 9, null);
      expect(
        await sendSwitchNotices({ db: t.db, mailer: t.mailer, appUrl: APP_URL, now: after }),
      ).toBe(0);
      // A sign-in at the moved clock, so the session is live whatever the real date.
      const signedIn = await logIn(t, { username: olive.email, password: DEFAULT_PASSWORD });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const token = signedIn.json<{ token: string }>().token;
      const response = await t.request({ method: 'GET', url: '/api/v1/standards-switch/', token });
      const answer = response.json<StandardsSwitchWire>();
      expect(answer.is_before_switch).toBe(false);
      expect(answer.reach).toBeNull();
      expect(answer.months).toEqual([]);
      expect(answer.summary).toBeNull();
      expect(answer.rule_set.reason).toBe(
        'Applications from 1/1/2027 are judged by the 2027 standards.',
      );
    } finally {
      t.clock.now = TODAY;
    }
  });
});
