import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/shared/logs/time';
import type { Badges, Dashboard } from '../../src/shared/progress/accrued.schema';
import type { PlanResponse } from '../../src/shared/plan/plan.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { linkSupervisor } from './forms-support';

/*
 * BCBA Handbook, "Duration of Fieldwork": "Fieldwork must be completed within five continuous
 * years ... calculated by calendar month" (decision 032). On 15 June 2026 the window of a trainee
 * still short of the goal is July 2021 to June 2026.
 */

let t: TestApp;
const NOW = new Date('2026-06-15T12:00:00Z');

/**
 * A record of `count` months from `first`: `days` days of 3 hours each (by default 8: 24 h, every
 * requirement met) and 10 days in the month `longMonth` names; the form of every month before
 * `formsBefore` (by default June 2026) signed on paper on time.
 */
async function traineeWithRecord(
  first: string,
  count: number,
  options: { longMonth?: string; days?: number; formsBefore?: string } = {},
) {
  const trainee = await createTrainee(t.db);
  const recordId = await insertSupervisorRecord(t.db, trainee.id);
  const months = Array.from({ length: count }, (_unused, index) => addMonths(first, index));
  for (const month of months) {
    await insertDailyLogs(t.db, {
      traineeId: trainee.id,
      traineeSupervisorId: recordId,
      firstDate: `${month}-02`,
      count: month === options.longMonth ? 10 : (options.days ?? 8),
    });
  }
  await insertPaperForms(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: recordId,
    months: months.filter((month) => month < (options.formsBefore ?? '2026-06')),
  });
  return trainee;
}

const get = async <T>(user: TestUser, url: string) => {
  const response = await t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const savePlan = async (trainee: TestUser, targetDate: string) => {
  const response = await t.request({
    method: 'PUT',
    url: '/api/v1/plan/',
    token: trainee.token,
    payload: { target_date: targetDate, fieldwork_types: [1] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanResponse>();
};

const REASON = 'outside the five-year window July 2021–June 2026';

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  t.clock.now = NOW;
});
afterAll(async () => t.close());

describe('the five-year window (BCBA Handbook, "Duration of Fieldwork")', () => {
  it('counts only the 60 months ending with the running month of a 62-month record', async () => {
    // May 2021 to June 2026: May 2021 (24 h) and June 2021 (30 h) are outside.
    const trainee = await traineeWithRecord('2021-05', 62, { longMonth: '2021-06' });
    const dashboard = await get<Dashboard>(trainee, '/api/v1/dashboard-api/');
    expect(dashboard).toMatchObject({
      total_hours: 1494,
      supervised_type_hours: 1494,
      counted_supervised_type_hours: 1440,
      counted_concentrated_type_hours: 0,
      counted_hours: 1440,
      progress_hours: 1440,
      progress_percent: 72,
      remaining_hours: 560,
      five_year_window: {
        from: '2021-07',
        to: '2026-06',
        label: 'July 2021–June 2026',
        basis: 'running',
      },
      outside_window_hours: 54,
      outside_window: [
        { month: '2021-05', date: 'May 2021', counted_hours: 24, reason: REASON },
        { month: '2021-06', date: 'June 2021', counted_hours: 30, reason: REASON },
      ],
      expiring: [
        {
          on: '2026-07-01',
          month: '2021-07',
          date: 'July 2021',
          counted_hours: 24,
          message: "On 1 July 2026, July 2021's 24 hours fall outside the five-year window.",
        },
        {
          on: '2026-08-01',
          month: '2021-08',
          date: 'August 2021',
          counted_hours: 24,
          message: "On 1 August 2026, August 2021's 24 hours fall outside the five-year window.",
        },
        {
          on: '2026-09-01',
          month: '2021-09',
          date: 'September 2021',
          counted_hours: 24,
          message:
            "On 1 September 2026, September 2021's 24 hours fall outside the five-year window.",
        },
      ],
    });
    // Monthly Details still shows what each month counts by the monthly rules.
    const table = await get<{ results: { month: string; adjusted_hours: number }[] }>(
      trainee,
      '/api/v1/dashboard-table-api/',
    );
    expect(table.results).toHaveLength(62);
    expect(table.results.at(-1)).toMatchObject({ month: '2021-05', adjusted_hours: 24 });
  });

  it('the badges and the plan count the same window as the dashboard', async () => {
    const trainee = await traineeWithRecord('2021-05', 62, { longMonth: '2021-06' });
    const dashboard = await get<Dashboard>(trainee, '/api/v1/dashboard-api/');
    const badges = await get<Badges>(trainee, '/api/v1/badges-api/');
    expect(badges).toEqual({
      percentage_supervised: 72,
      percentage_concentrated: 0,
      overall_progress: dashboard.progress_percent,
    });
    const { plan } = await savePlan(trainee, '2026-12-31');
    // Finishing in December 2026, the window is January 2022 to December 2026: July to December
    // 2021 (6 × 24 h) fall out and are earned again: 2,000 − (1,440 − 144) = 704 hours.
    expect(plan).toMatchObject({
      status: 'reachable',
      counted_hours: dashboard.counted_hours,
      needed_hours: 704,
      so_far: { logged_hours: dashboard.total_hours, counted_hours: dashboard.counted_hours },
      five_year_window: { from: '2021-07', to: '2026-06', label: 'July 2021–June 2026' },
      expiring_before_finish: {
        hours: 144,
        note: '144 hours of July 2021 to December 2021 fall outside the five-year window by December 2026: fieldwork must be completed within five continuous years, so the plan earns them again (they are in the hours still to log).',
      },
    });
    expect(
      plan!.expiring_before_finish.months.map((month) => [
        month.month,
        month.on,
        month.counted_hours,
      ]),
    ).toEqual([
      ['2021-07', '2026-07-01', 24],
      ['2021-08', '2026-08-01', 24],
      ['2021-09', '2026-09-01', 24],
      ['2021-10', '2026-10-01', 24],
      ['2021-11', '2026-11-01', 24],
      ['2021-12', '2026-12-01', 24],
    ]);
    expect(plan!.so_far.note).toContain(
      '54 hours counted in months outside the five-year window do not count toward the total',
    );
    expect(plan!.months[0]).toMatchObject({
      month: '2021-05',
      counted_hours: 0,
      reasons: [REASON],
    });
    expect(plan!.message).toContain(
      'By then 144 of your hours so far fall outside the five-year window: they are in the hours to go, to earn again.',
    );
  });

  it('a month later, the month the list named is outside and the next three are told', async () => {
    const trainee = await traineeWithRecord('2021-05', 62, { longMonth: '2021-06' });
    t.clock.now = new Date('2026-07-15T12:00:00Z');
    const dashboard = await get<Dashboard>(trainee, '/api/v1/dashboard-api/');
    expect(dashboard.five_year_window).toMatchObject({ from: '2021-08', to: '2026-07' });
    expect(dashboard.outside_window.map((month) => month.month)).toEqual([
      '2021-05',
      '2021-06',
      '2021-07',
    ]);
    expect(dashboard.counted_hours).toBe(1416);
    expect(dashboard.expiring.map((month) => [month.on, month.month])).toEqual([
      ['2026-08-01', '2021-08'],
      ['2026-09-01', '2021-09'],
      ['2026-10-01', '2021-10'],
    ]);
    const badges = await get<Badges>(trainee, '/api/v1/badges-api/');
    expect(badges.overall_progress).toBe(dashboard.progress_percent);
  });

  it('the 2027 switch’s hours still needed are the dashboard’s remaining hours', async () => {
    // 61 months of 21 h to May 2026; on 15 August 2026 September 2021 to May 2026 count: 57 × 21.
    const trainee = await traineeWithRecord('2021-05', 61, { days: 7, formsBefore: '2026-09' });
    t.clock.now = new Date('2026-08-15T12:00:00Z');
    const dashboard = await get<Dashboard>(trainee, '/api/v1/dashboard-api/');
    expect(dashboard).toMatchObject({ counted_hours: 1197, remaining_hours: 803 });
    const table = await get<{ rule_set: { id: string; reason: string } }>(
      trainee,
      '/api/v1/dashboard-table-api/',
    );
    expect(table.rule_set.id).toBe('2027');
    expect(table.rule_set.reason).toMatch(/^You need 803 more hours toward the total /);
  });

  it('a trainee with one year of record has nothing outside and nothing expiring', async () => {
    const trainee = await traineeWithRecord('2025-07', 12);
    const dashboard = await get<Dashboard>(trainee, '/api/v1/dashboard-api/');
    expect(dashboard).toMatchObject({
      total_hours: 288,
      counted_hours: 288,
      outside_window: [],
      outside_window_hours: 0,
      expiring: [],
    });
    const { plan } = await savePlan(trainee, '2027-06-30');
    expect(plan!.expiring_before_finish).toEqual({ hours: 0, months: [], note: null });
    expect(plan!.so_far.counted_hours).toBe(288);
  });

  it('shows each trainee only their own window; a supervisor reads a linked trainee’s plan only', async () => {
    const long = await traineeWithRecord('2021-05', 62, { longMonth: '2021-06' });
    const short = await traineeWithRecord('2025-07', 12);
    const ownDashboard = await get<Dashboard>(short, '/api/v1/dashboard-api/');
    expect(ownDashboard.outside_window).toEqual([]);
    const supervisor = await createSupervisor(t.db);
    const stranger = await createSupervisor(t.db);
    await linkSupervisor(t, long, supervisor);
    const saved = await savePlan(long, '2026-12-31');
    const read = (user: TestUser) =>
      t.request({ method: 'GET', url: `/api/v1/plan/?u_id=${long.id}`, token: user.token });
    expect((await read(supervisor)).json<PlanResponse>().plan).toEqual(saved.plan);
    expect((await read(stranger)).statusCode).toBe(404);
    expect((await read(short)).statusCode).toBe(404);
    for (const url of ['/api/v1/dashboard-api/', '/api/v1/badges-api/']) {
      const response = await t.request({ method: 'GET', url, token: supervisor.token });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
