import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseStandards } from '../helpers/accounts';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let newcomer: TestUser;
let supervisor: TestUser;

/*
 * Five months of 3-hour days (1 h individually supervised, 2 h unrestricted), 2022 standards:
 * Jan 8 days, all met: 24 h count. Feb 5 days: 15 h, under 20: 0 count. Mar 8 days without an
 * observation: 0 count. Apr 8 days, only 2 of them real contacts (the rest phone calls): 24 × 2/4
 * = 12 h count. May 8 concentrated days, all met: 24 h count. Every month's form was signed on
 * paper on time (unsigned after its deadline, a month's hours would be at risk: form-hours.test).
 * The trainee chose the 2022 standards in the profile: without a choice, a record this far from
 * 2,000 h in 2026 is read by the 2027 standards already (standards-switch.test).
 */
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-06-15T12:00:00Z');
  trainee = await createTrainee(t.db);
  newcomer = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  const recordId = await insertSupervisorRecord(t.db, trainee.id);
  const days = (firstDate: string, count: number, overrides = {}) =>
    insertDailyLogs(t.db, {
      traineeId: trainee.id,
      traineeSupervisorId: recordId,
      firstDate,
      count,
      overrides,
    });
  await days('2026-01-05', 8, { status: 'approved' });
  await days('2026-02-02', 5);
  await days('2026-03-02', 8, { clientObservation: 'No' });
  await days('2026-04-01', 2);
  await days('2026-04-10', 6, { supervisionContactId: 5 });
  await days('2026-05-04', 8, { experienceTypeId: 2 });
  const signed = { traineeId: trainee.id, traineeSupervisorId: recordId };
  await insertPaperForms(t.db, { ...signed, months: ['2026-01', '2026-02', '2026-03', '2026-04'] });
  await chooseStandards(t, trainee, '2022');
  await insertPaperForms(t.db, { ...signed, months: ['2026-05'], experienceTypeId: 2 });
});
afterAll(async () => t.close());

describe('dashboard', () => {
  // Progress toward the goal is the hours that count (issue 36: the donut said 53% where the
  // headline counted 107 of 1,051 h): 24 (Jan) + 12 (Apr) supervised + 24 concentrated × 1.33.
  it('gives the charts’ figures: the hours that count toward 2,000, concentrated ×1.33', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/dashboard-api/',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      goal_hours: 2000,
      total_hours: 111,
      supervised_type_hours: 87,
      concentrated_type_hours: 24,
      counted_supervised_type_hours: 36,
      counted_concentrated_type_hours: 24,
      progress_hours: 67.92,
      progress_percent: 3,
      remaining_hours: 1932.08,
      restricted_hours: 37,
      unrestricted_hours: 74,
      approved_hours: 24,
      counted_hours: 60,
      at_risk_hours: 0,
      // Five months of 2026: all inside the window that ends with June 2026 (decision 030).
      five_year_window: {
        from: '2021-07',
        to: '2026-06',
        label: 'July 2021–June 2026',
        basis: 'running',
      },
      outside_window: [],
      outside_window_hours: 0,
      expiring: [],
    });
  });

  it('lists each month with what the BACB would count, and why hours were removed', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/dashboard-table-api/',
      token: trainee.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      rule_set: { id: string };
      results: {
        date: string;
        month: string;
        total_hours: number;
        supervised: number;
        unrestricted: number;
        restricted: number;
        approved_hours: number;
        adjusted_hours: number;
        removals: { rule: string; hours: number; reason: string }[];
        types: number[];
      }[];
    }>();
    expect(body.rule_set.id).toBe('2022');
    expect(
      body.results.map((row) => [
        row.date,
        row.total_hours,
        row.supervised,
        row.unrestricted,
        row.restricted,
        row.adjusted_hours,
        row.types,
      ]),
    ).toEqual([
      ['May 2026', 24, 8, 16, 8, 24, [2]],
      ['April 2026', 24, 8, 16, 8, 12, [1]],
      ['March 2026', 24, 8, 16, 8, 0, [1]],
      ['February 2026', 15, 5, 10, 5, 0, [1]],
      ['January 2026', 24, 8, 16, 8, 24, [1]],
    ]);
    const removals = Object.fromEntries(
      body.results.map((row) => [row.month, row.removals.map((r) => [r.rule, r.hours])]),
    );
    expect(removals).toEqual({
      '2026-05': [],
      '2026-04': [['too-few-contacts', 12]],
      '2026-03': [['no-observation', 24]],
      '2026-02': [['below-minimum', 15]],
      '2026-01': [],
    });
    expect(body.results[2]?.removals[0]?.reason).toMatch(/0 of 24 hours count$/);
    expect(body.results[4]?.approved_hours).toBe(24);
  });

  it('lights the badge rows by percentage of the goal in the hours that count', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/badges-api/',
      token: trainee.token,
    });
    // Counted, not logged: supervised 24 (Jan) + 12 (Apr) = 36 of 87 h, 1.8%; concentrated 24 h
    // × 1.33 = 31.92 h, 1.6%; together 67.92 h, 3.4% (the raw 87 h and 24 h made 4%, 2%, 6%).
    expect(response.json()).toEqual({
      percentage_supervised: 2,
      percentage_concentrated: 2,
      overall_progress: 3,
    });
  });

  it('shows zeros and no months to a trainee with no logs', async () => {
    const table = await t.request({
      method: 'GET',
      url: '/api/v1/dashboard-table-api/',
      token: newcomer.token,
    });
    expect(table.json().results).toEqual([]);
    const dashboard = await t.request({
      method: 'GET',
      url: '/api/v1/dashboard-api/',
      token: newcomer.token,
    });
    expect(dashboard.json()).toMatchObject({
      total_hours: 0,
      progress_percent: 0,
      remaining_hours: 2000,
      counted_hours: 0,
      at_risk_hours: 0,
    });
    const badges = await t.request({
      method: 'GET',
      url: '/api/v1/badges-api/',
      token: newcomer.token,
    });
    expect(badges.json()).toEqual({
      percentage_supervised: 0,
      percentage_concentrated: 0,
      overall_progress: 0,
    });
  });

  it('is for trainees only', async () => {
    for (const url of [
      '/api/v1/dashboard-api/',
      '/api/v1/dashboard-table-api/',
      '/api/v1/badges-api/',
    ]) {
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
      expect(
        (await t.request({ method: 'GET', url, token: supervisor.token })).statusCode,
        url,
      ).toBe(403);
    }
  });
});
