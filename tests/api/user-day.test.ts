import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFormReminders } from '../../src/server/features/forms/reminders/reminders.service';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { MonthFormsAnswer } from '../../src/shared/forms/month-form.schema';
import { mailsTo } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { insertDailyLogs } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Days are counted where the trainee lives (issue 36): at 21:30 on 30 November in New York it is
 * already 1 December in UTC, yet for that trainee the month is still November, October's form
 * (due 30 November) is due today, not overdue, and a log dated 1 December is in the future; half
 * an hour after their midnight it is December and the form is overdue. Auckland, a day ahead of
 * UTC, turns the month first. A supervisor sees each trainee's own day; an account without a
 * zone counts in UTC as before.
 */

type Trainee = TestUser & { record: number };

let t: TestApp;
let supervisor: TestUser;
let newYork: Trainee;
let auckland: Trainee;
let utc: Trainee;

beforeAll(async () => {
  t = await createTestApp();
  // Within each trainee's 7-day trial for every instant below.
  const at = new Date('2026-11-27T12:00:00Z');
  t.clock.now = at;
  supervisor = await createSupervisor(t.db, { name: 'Sam Supervisor', at });
  const trainee = async (name: string, zone: string | null): Promise<Trainee> => {
    const user = await createTrainee(t.db, { name, at });
    const added = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: user.token,
      payload: { name: 'Sam', lastname: 'Supervisor', email: supervisor.email },
    });
    expect(added.statusCode, added.body).toBe(201);
    await answerRequestFrom(t, supervisor, user.email);
    if (zone) await setZone(user, zone);
    const record = added.json<{ id: number }>().id;
    // October: 20 days, 60 h; its form is due on 30 November and nobody signed it.
    await insertDailyLogs(t.db, {
      traineeId: user.id,
      traineeSupervisorId: record,
      firstDate: '2026-10-01',
      count: 20,
    });
    return { ...user, record };
  };
  newYork = await trainee('Nora York', 'America/New_York');
  auckland = await trainee('Aroha Auckland', 'Pacific/Auckland');
  utc = await trainee('Uma Utc', null);
});
afterAll(async () => t.close());

async function setZone(user: TestUser, zone: string) {
  const response = await t.request({
    method: 'PUT',
    url: '/api/v1/time-zone/',
    token: user.token,
    payload: { time_zone: zone },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function get<T>(user: TestUser, url: string): Promise<T> {
  const response = await t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** What the trainee's day looks like to them (and, with `asSupervisor`, to their supervisor). */
async function dayOf(trainee: Trainee, asSupervisor = false) {
  const viewer = asSupervisor ? supervisor : trainee;
  const query = asSupervisor ? `?u_id=${trainee.id}` : '';
  const forms = await get<MonthFormsAnswer>(viewer, `/api/v1/month-forms/${query}`);
  const october = forms.results.find((row) => row.month === '2026-10');
  const accrued = await get<{ from_date: string; to_date: string }>(
    viewer,
    `/api/v1/get-accrued/${query}`,
  );
  return {
    today: forms.today,
    october: [october?.state, october?.days_remaining, october?.at_risk_hours],
    isDue: forms.forms_due.some((row) => row.month === '2026-10'),
    accrued: [accrued.from_date, accrued.to_date],
  };
}

const validateMonth = async (trainee: Trainee) =>
  (await get<{ month: string; is_current_month: boolean }>(trainee, '/api/v1/validate/')).month;
const atRiskHours = async (trainee: Trainee) =>
  (await get<{ at_risk_hours: number }>(trainee, '/api/v1/dashboard-api/')).at_risk_hours;

const logOn = (trainee: Trainee, date: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: trainee.token,
    payload: createLogPayload({
      supervisor: trainee.record,
      trainee_supervisor: trainee.record,
      date_of_experience: date,
    }),
  });
const FUTURE = { date_of_experience: ['Date of experience cannot be in the future'] };

const NOVEMBER_30 = {
  today: '2026-11-30',
  october: ['open', 0, 0],
  isDue: true,
  accrued: ['2026-11-01', '2026-11-30'],
};
const DECEMBER_1 = {
  today: '2026-12-01',
  october: ['overdue', -1, 60],
  isDue: true,
  accrued: ['2026-12-01', '2026-12-31'],
};

describe('a trainee in New York', () => {
  it('at 21:30 on 30 November (02:30 UTC on 1 December) is still in November', async () => {
    t.clock.now = new Date('2026-12-01T02:30:00Z');
    expect(await dayOf(newYork)).toEqual(NOVEMBER_30);
    expect(await dayOf(newYork, true)).toEqual(NOVEMBER_30);
    expect(await validateMonth(newYork)).toBe('2026-11');
    expect(await atRiskHours(newYork)).toBe(0);
    const tomorrow = await logOn(newYork, '2026-12-01');
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual(FUTURE);
  });

  it('half an hour after their midnight (05:30 UTC) is in December, the form overdue', async () => {
    t.clock.now = new Date('2026-12-01T05:30:00Z');
    expect(await dayOf(newYork)).toEqual(DECEMBER_1);
    expect(await dayOf(newYork, true)).toEqual(DECEMBER_1);
    expect(await validateMonth(newYork)).toBe('2026-12');
    expect(await atRiskHours(newYork)).toBe(60);
    expect((await logOn(newYork, '2026-12-01')).statusCode).toBe(201);
  });

  it('at 21:30 on 1 December (02:30 UTC on the 2nd) cannot log 2 December yet', async () => {
    t.clock.now = new Date('2026-12-02T02:30:00Z');
    const tomorrow = await logOn(newYork, '2026-12-02');
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual(FUTURE);
  });
});

describe('a trainee in Auckland, a day ahead of UTC', () => {
  it('at 23:30 on 30 November (10:30 UTC) is still in November', async () => {
    t.clock.now = new Date('2026-11-30T10:30:00Z');
    expect(await dayOf(auckland)).toEqual(NOVEMBER_30);
    expect(await dayOf(auckland, true)).toEqual(NOVEMBER_30);
    expect(await validateMonth(auckland)).toBe('2026-11');
    expect(await atRiskHours(auckland)).toBe(0);
    expect((await logOn(auckland, '2026-12-01')).json()).toEqual(FUTURE);
  });

  it('at 00:30 on 1 December (11:30 UTC on 30 November) is in December, the form overdue', async () => {
    t.clock.now = new Date('2026-11-30T11:30:00Z');
    expect(await dayOf(auckland)).toEqual(DECEMBER_1);
    expect(await dayOf(auckland, true)).toEqual(DECEMBER_1);
    expect(await validateMonth(auckland)).toBe('2026-12');
    expect(await atRiskHours(auckland)).toBe(60);
    expect((await logOn(auckland, '2026-12-01')).statusCode).toBe(201);
    expect((await logOn(auckland, '2026-12-02')).json()).toEqual(FUTURE);
  });
});

describe('an account without a zone', () => {
  it('counts in UTC, as before: at 02:30 UTC on 1 December it is December', async () => {
    t.clock.now = new Date('2026-12-01T02:30:00Z');
    expect(await dayOf(utc)).toEqual(DECEMBER_1);
    expect(await validateMonth(utc)).toBe('2026-12');
    // Its browser's day may be ahead of UTC: one day of slack, as before.
    expect((await logOn(utc, '2026-12-02')).statusCode).toBe(201);
    expect((await logOn(utc, '2026-12-03')).json()).toEqual(FUTURE);
  });
});

describe('the supervisor’s at-risk list', () => {
  type AtRiskAnswer = {
    month: string;
    today: string;
    days_left: number;
    unsigned_forms: { trainee_id: number; month: string; days_left: number }[];
  };
  const unsigned = (answer: AtRiskAnswer) =>
    answer.unsigned_forms.map((form) => [form.trainee_id, form.month, form.days_left]);

  it('counts its month in the supervisor’s day and each trainee’s form in theirs', async () => {
    // 02:30 UTC on 1 December: 21:30 on 30 November in New York, 15:30 on 1 December in
    // Auckland; the supervisor, without a zone, is on 1 December (30 days left after today).
    t.clock.now = new Date('2026-12-01T02:30:00Z');
    const answer = await get<AtRiskAnswer>(supervisor, '/api/v1/at-risk/');
    expect([answer.month, answer.today, answer.days_left]).toEqual(['2026-12', '2026-12-01', 30]);
    // Only New York is still in November, where October's form is last month's, due today.
    expect(unsigned(answer)).toEqual([[newYork.id, '2026-10', 0]]);
  });

  it('in Los Angeles, the supervisor’s own evening is still 30 November', async () => {
    await setZone(supervisor, 'America/Los_Angeles');
    // 04:30 UTC: 20:30 on 30 November in Los Angeles, 23:30 in New York.
    t.clock.now = new Date('2026-12-01T04:30:00Z');
    const answer = await get<AtRiskAnswer>(supervisor, '/api/v1/at-risk/');
    expect([answer.month, answer.today, answer.days_left]).toEqual(['2026-11', '2026-11-30', 0]);
    expect(unsigned(answer)).toEqual([[newYork.id, '2026-10', 0]]);
    // 05:30 UTC: New York's midnight has passed, its form is overdue and no longer listed.
    t.clock.now = new Date('2026-12-01T05:30:00Z');
    expect(unsigned(await get<AtRiskAnswer>(supervisor, '/api/v1/at-risk/'))).toEqual([]);
  });
});

describe('the deadline reminders job', () => {
  // October's form is due on 30 November: its 10-day reminder goes on each person's 20 November.
  const runAt = (iso: string) =>
    sendFormReminders({ db: t.db, mailer: t.mailer, appUrl: 'https://x.test', now: new Date(iso) });
  const reminders = async (user: TestUser) =>
    (await mailsTo(t, user.email)).filter((mail) => mail.subject.includes('verification form'))
      .length;
  const counts = async () =>
    Promise.all([newYork, auckland, utc, supervisor].map((user) => reminders(user)));

  it('mails each trainee and the supervisor on their own 20 November, once', async () => {
    // 03:00 UTC on 20 November: the 20th in UTC and Auckland, still the 19th in New York and in
    // Los Angeles (the supervisor's zone since the test above).
    expect(await runAt('2026-11-20T03:00:00Z')).toBe(2);
    expect(await counts()).toEqual([0, 1, 1, 0]);
    // 03:00 UTC on the 21st: 22:00 on the 20th in New York, 19:00 in Los Angeles; the
    // supervisor signs all three trainees' forms.
    expect(await runAt('2026-11-21T03:00:00Z')).toBe(4);
    expect(await counts()).toEqual([1, 1, 1, 3]);
    // Later that day nobody's 20 November brings a second mail.
    expect(await runAt('2026-11-21T07:00:00Z')).toBe(0);
    expect(await counts()).toEqual([1, 1, 1, 3]);
  });
});
