import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanResponse } from '../../src/shared/plan/plan.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY } from './billing-support';
import { linkSupervisor } from './forms-support';

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
let unlinkedSupervisor: TestUser;

const NOW = new Date('2026-06-15T12:00:00Z');
const PLAN = '/api/v1/plan/';

/*
 * January 2026: 8 days of 3 hours, every requirement met (24 hours count); February: 5 days, under
 * the 20-hour minimum (15 hours logged, none count); all awaiting approval. The standards follow
 * the finish date (issue 28): the 2022 set before 2027, the 2027 set from then. Both months'
 * forms were signed on paper on time (unsigned after the deadline, their hours would be at risk).
 */
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  trainee = await createTrainee(t.db);
  otherTrainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  unlinkedSupervisor = await createSupervisor(t.db);
  await linkSupervisor(t, trainee, supervisor);
  const recordId = await insertSupervisorRecord(t.db, trainee.id);
  const days = (firstDate: string, count: number) =>
    insertDailyLogs(t.db, {
      traineeId: trainee.id,
      traineeSupervisorId: recordId,
      firstDate,
      count,
    });
  await days('2026-01-05', 8);
  await days('2026-02-02', 5);
  await insertPaperForms(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: recordId,
    months: ['2026-01', '2026-02'],
  });
});
afterAll(async () => t.close());

const read = (user: TestUser, query = '') =>
  t.request({ method: 'GET', url: `${PLAN}${query}`, token: user.token });
const save = (user: TestUser, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: PLAN, token: user.token, payload });

describe('plan to a finish date', () => {
  it('has no plan before the trainee saves a date', async () => {
    const response = await read(otherTrainee);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      settings: null,
      rule_set: {
        id: '2027',
        label: '2027 standards',
        is_chosen: false,
        reason:
          'You need 2,000 more hours toward the total and the days left before 1/1/2027 hold at most 849.25 at the monthly maximum, so you will apply under the 2027 standards: your record is read by them now, 2026 hours included.',
        mismatch: null,
      },
      today: '2026-06-15',
      plan: null,
    });
  });

  it('plans under the 2027 standards to a finish date in 2027, this month for its days left', async () => {
    const response = await save(trainee, { target_date: '2027-11-30', fieldwork_types: [1] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PlanResponse>();
    expect(body.settings).toEqual({ target_date: '2027-11-30', fieldwork_types: [1] });
    // Issue 28 item 10: no choice, a finish date from 2027 on: the 2027 standards.
    expect(body.rule_set).toEqual({
      id: '2027',
      label: '2027 standards',
      is_chosen: false,
      reason:
        'Your finish date (November 2027) is on or after 1/1/2027, so an application then is judged by the 2027 standards.',
      mismatch: null,
    });
    const plan = body.plan!;
    // 2,000 − 24 = 1,976 hours. June has 16 of 30 days left on the 15th: 160 × 16 / 30 = 85.33,
    // 85.25 hours in quarter hours; the other 1,890.75 over 17 months of 111 to 111.25 hours.
    expect(plan).toMatchObject({
      status: 'reachable',
      expereince_type: 1,
      counted_hours: 24,
      needed_hours: 1976,
      goal_hours: 2000,
      finish_month: '2027-11',
      bounded_by: null,
      peak_month_hours: 111.25,
      max_month_hours: 160,
      days_left_this_month: 16,
    });
    expect(plan.message).toBe(
      'November 2027 is within reach: 1,976 hours to go in supervised fieldwork, at most 111.25 hours a month, finishing in November 2027.',
    );
    // Issue 28 item 2: the logged hours (awaiting approval) beside those that count, with why.
    expect(plan.so_far).toEqual({
      logged_hours: 39,
      awaiting_approval_hours: 39,
      counted_hours: 24,
      note: "15 hours of the 39 hours logged do not count: a month that misses a monthly requirement counts fewer hours, or none (each month says why). 39 hours await your supervisor's approval and are included: approval does not decide what counts, the monthly requirements and the signed monthly form do.",
    });
    expect(
      plan.months
        .slice(0, 7)
        .map((month) => [
          month.month,
          month.kind,
          month.logged_hours,
          month.counted_hours,
          month.reasons,
          month.to_log_hours,
        ]),
    ).toEqual([
      ['2026-01', 'past', 24, 24, [], null],
      ['2026-02', 'past', 15, 0, ['fewer than 20 hours this month: 0 of 15 hours count'], null],
      ['2026-03', 'past', 0, 0, [], null],
      ['2026-04', 'past', 0, 0, [], null],
      ['2026-05', 'past', 0, 0, [], null],
      ['2026-06', 'current', 0, 0, [], 85.25],
      ['2026-07', 'future', null, null, [], 111.25],
    ]);
    expect(plan.months).toHaveLength(23);
    expect(plan.months.at(-1)?.cumulative_planned_hours).toBe(2000);
    // 2027: 5% of 85.25 hours rounded up to a quarter hour, half individual; no contact minimum,
    // 60 observation minutes.
    expect(plan.months[5]?.to_schedule).toEqual({
      supervision_hours: 4.5,
      individual_hours: 2.25,
      contacts: null,
      observation: { unit: 'minutes', amount: 60 },
    });
    const again = await read(trainee);
    expect(again.json()).toEqual(body);
  });

  it('names the earliest month, the monthly maximum and the plan’s own figure when the date is too soon', async () => {
    const response = await save(trainee, { target_date: '2026-12-31', fieldwork_types: [1] });
    const body = response.json<PlanResponse>();
    // 1,976 h cannot fit before 1 January 2027 (849.25 h at the 2022 maximum): an application
    // then is judged by the 2027 standards, and the plan is made under them (issue 35).
    expect(body.rule_set.id).toBe('2027');
    const plan = body.plan!;
    // June takes 85.25 hours (16 days left), then (1,976 − 85.25) / 160 = 11.8: 12 months more.
    expect(plan).toMatchObject({
      status: 'too-soon',
      bounded_by: 'monthly-maximum',
      earliest_month: '2027-06',
      finish_month: '2027-06',
      peak_month_hours: 157.75,
      max_month_hours: 160,
    });
    expect(plan.message).toBe(
      'December 2026 is too soon: even at the monthly maximum of 160 hours, the earliest you can finish is June 2027. The plan below finishes then, with at most 157.75 hours in one month.',
    );
  });

  it('says plainly when the chosen standards disagree with the finish date', async () => {
    const choose = await t.request({
      method: 'PUT',
      url: '/api/v1/rule-set/',
      token: trainee.token,
      payload: { rule_set: '2022' },
    });
    expect(choose.statusCode).toBe(200);
    const body = (
      await save(trainee, { target_date: '2028-05-31', fieldwork_types: [1] })
    ).json<PlanResponse>();
    expect(body.rule_set).toEqual({
      id: '2022',
      label: '2022 standards',
      is_chosen: true,
      reason: 'You chose the 2022 standards in your profile.',
      mismatch:
        'Your finish date (May 2028) is on or after 1/1/2027: an application then is judged by the 2027 standards, not the 2022 standards you chose. Change the standards in your profile, or your finish date.',
    });
    expect(body.plan?.max_month_hours).toBe(130);
    // The month checks name the same standards and the same disagreement.
    const validation = await t.request({
      method: 'GET',
      url: '/api/v1/validate/',
      token: trainee.token,
    });
    expect(validation.json<{ rule_set: unknown }>().rule_set).toEqual(body.rule_set);
    const reset = await t.request({
      method: 'PUT',
      url: '/api/v1/rule-set/',
      token: trainee.token,
      payload: { rule_set: null },
    });
    expect(reset.statusCode).toBe(200);
    const table = await t.request({
      method: 'GET',
      url: '/api/v1/dashboard-table-api/',
      token: trainee.token,
    });
    expect(table.json<{ rule_set: { id: string; mismatch: null } }>().rule_set).toMatchObject({
      id: '2027',
      is_chosen: false,
      mismatch: null,
    });
  });

  it('plans concentrated months when only they reach the date', async () => {
    const response = await save(trainee, { target_date: '2027-05-31', fieldwork_types: [1, 2] });
    const plan = response.json<PlanResponse>().plan!;
    // 2027 standards: June's 85.25 hours and 11 months × 160 = 1,845.25 supervised hours, too
    // few; (2,000 − 24) / 1.33 = 1,485.72 concentrated fit.
    expect(plan).toMatchObject({ status: 'reachable', expereince_type: 2, needed_hours: 1485.72 });
    expect(plan.months[5]?.to_schedule).toMatchObject({
      contacts: null,
      observation: { unit: 'minutes', amount: 90 },
    });
  });

  it('refuses a date in the past or no fieldwork type, and keeps the saved plan', async () => {
    const past = await save(trainee, { target_date: '2026-06-14', fieldwork_types: [1] });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ target_date: ['The finish date must be today or later'] });
    const none = await save(trainee, { target_date: '2027-06-30', fieldwork_types: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ fieldwork_types: ['Choose at least one fieldwork type'] });
    for (const payload of [
      { target_date: '2027-02-30', fieldwork_types: [1] },
      { target_date: '2027-06-30', fieldwork_types: [3] },
      { target_date: '2027-06-30', fieldwork_types: [1, 1] },
      { target_date: '2027-06-30' },
    ]) {
      const bad = await save(trainee, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const kept = await read(trainee);
    expect(kept.json<PlanResponse>().settings).toEqual({
      target_date: '2027-05-31',
      fieldwork_types: [1, 2],
    });
  });

  it('lets a linked supervisor read the plan, never change it', async () => {
    const own = (await read(trainee)).json<PlanResponse>();
    const asSupervisor = await read(supervisor, `?u_id=${trainee.id}`);
    expect(asSupervisor.statusCode).toBe(200);
    expect(asSupervisor.json()).toEqual(own);
    const write = await save(supervisor, { target_date: '2030-01-31', fieldwork_types: [1] });
    expect(write.statusCode).toBe(403);
    expect((await read(supervisor)).statusCode).toBe(400);
    expect((await read(trainee)).json<PlanResponse>().settings?.target_date).toBe('2027-05-31');
  });

  it('hides the plan from another trainee and from a supervisor not linked', async () => {
    expect((await read(otherTrainee, `?u_id=${trainee.id}`)).statusCode).toBe(404);
    expect((await read(unlinkedSupervisor, `?u_id=${trainee.id}`)).statusCode).toBe(404);
    // Another trainee's save is their own plan: the owner's stays as it was.
    const theirs = await save(otherTrainee, { target_date: '2031-05-31', fieldwork_types: [2] });
    expect(theirs.json<PlanResponse>().settings?.target_date).toBe('2031-05-31');
    expect((await read(trainee)).json<PlanResponse>().settings?.target_date).toBe('2027-05-31');
  });

  it('refuses the save to a trainee whose trial has ended, and still shows the plan', async () => {
    const unpaid = await createTrainee(t.db, { dateJoined: new Date(NOW.getTime() - 30 * DAY) });
    const response = await save(unpaid, { target_date: '2027-06-30', fieldwork_types: [1] });
    expect(response.statusCode).toBe(402);
    const after = await read(unpaid);
    expect(after.statusCode).toBe(200);
    expect(after.json<PlanResponse>().settings).toBeNull();
  });
});
