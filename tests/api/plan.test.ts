import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanResponse } from '../../src/shared/plan/plan.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
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
 * the 20-hour minimum (15 hours logged, none count). 2022 standards (the default before 2027).
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
      rule_set: { id: '2022', label: '2022 standards' },
      today: '2026-06-15',
      plan: null,
    });
  });

  it('plans the hours still needed evenly to the target month, counting adjusted hours', async () => {
    const response = await save(trainee, { target_date: '2027-11-30', fieldwork_types: [1] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PlanResponse>();
    expect(body.settings).toEqual({ target_date: '2027-11-30', fieldwork_types: [1] });
    const plan = body.plan!;
    // 2,000 − 24 = 1,976 hours over June 2026 to November 2027 (18 months): 118,560 minutes,
    // two months of 110 hours and sixteen of 109.75.
    expect(plan).toMatchObject({
      status: 'reachable',
      expereince_type: 1,
      counted_hours: 24,
      needed_hours: 1976,
      goal_hours: 2000,
      finish_month: '2027-11',
      bounded_by: null,
      peak_month_hours: 110,
      max_month_hours: 130,
    });
    expect(plan.message).toBe(
      'November 2027 is within reach: 1976 hours to go in supervised fieldwork, at most 110 hours a month, finishing in November 2027.',
    );
    expect(
      plan.months.map((month) => [month.month, month.kind, month.actual_hours, month.to_log_hours]),
    ).toEqual([
      ['2026-01', 'past', 24, null],
      ['2026-02', 'past', 0, null],
      ['2026-03', 'past', 0, null],
      ['2026-04', 'past', 0, null],
      ['2026-05', 'past', 0, null],
      ['2026-06', 'current', 0, 110],
      ['2026-07', 'future', null, 110],
      ...Array.from({ length: 16 }, (_unused, index) => [
        `${index < 5 ? '2026' : '2027'}-${String(((index + 7) % 12) + 1).padStart(2, '0')}`,
        'future',
        null,
        109.75,
      ]),
    ]);
    expect(plan.months.at(-1)?.cumulative_planned_hours).toBe(2000);
    // 5% of 110 hours is 5.5 hours of supervision, half of it individual; 4 contacts, 1 observation.
    expect(plan.months[5]?.to_schedule).toEqual({
      supervision_hours: 5.5,
      individual_hours: 2.75,
      contacts: 4,
      observation: { unit: 'count', amount: 1 },
    });
    const again = await read(trainee);
    expect(again.json()).toEqual(body);
  });

  it('names the earliest month and the monthly maximum when the date is too soon', async () => {
    const response = await save(trainee, { target_date: '2026-12-31', fieldwork_types: [1] });
    const plan = response.json<PlanResponse>().plan!;
    // 1,976 / 130 = 15.2: sixteen months from June 2026.
    expect(plan).toMatchObject({
      status: 'too-soon',
      bounded_by: 'monthly-maximum',
      earliest_month: '2027-09',
      finish_month: '2027-09',
    });
    expect(plan.message).toBe(
      'December 2026 is too soon: at the monthly maximum of 130 hours, the earliest you can finish is September 2027. The plan below finishes then.',
    );
  });

  it('plans concentrated months when only they reach the date', async () => {
    const response = await save(trainee, { target_date: '2027-05-31', fieldwork_types: [1, 2] });
    const plan = response.json<PlanResponse>().plan!;
    // 12 months × 130 = 1,560 hours: too few supervised; (2,000 − 24) / 1.33 = 1,485.72 fit.
    expect(plan).toMatchObject({ status: 'reachable', expereince_type: 2, needed_hours: 1485.72 });
    expect(plan.months[5]?.to_schedule).toMatchObject({ contacts: 6 });
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
