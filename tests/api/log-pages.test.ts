import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperienceLog } from '../../src/shared/logs/experience-log.schema';
import { PAGE_SIZE, type Page } from '../../src/shared/wire/pagination';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * GET /api/v1/experience-log/ answers pages of PAGE_SIZE logs with the contract's count, next and
 * previous (docs/architecture.md "API contract"), for the trainee and for a supervisor, each page
 * scoped to the asker.
 */

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
let stranger: TestUser;

const list = (user: TestUser, query: string) =>
  t.request({ method: 'GET', url: `/api/v1/experience-log/?${query}`, token: user.token });

const pageOf = async (user: TestUser, query: string) => {
  const response = await list(user, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<ExperienceLog>>();
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-06-20T12:00:00Z');
  trainee = await createTrainee(t.db, { name: 'Paula Pages' });
  otherTrainee = await createTrainee(t.db, { name: 'Otto Other' });
  supervisor = await createSupervisor(t.db);
  stranger = await createSupervisor(t.db);
  const record = await insertSupervisorRecord(t.db, trainee.id, {
    email: supervisor.email,
    supervisorUserId: supervisor.id,
  });
  const otherRecord = await insertSupervisorRecord(t.db, otherTrainee.id, {
    email: supervisor.email,
    supervisorUserId: supervisor.id,
  });
  // 45 days of logs from April 1: all of April (30) and 15 of May; 3 in April document C.2.
  await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: '2026-04-01',
    count: 45,
    taskIds: ['A.1'],
  });
  await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: record,
    firstDate: '2026-04-10',
    count: 3,
    overrides: {
      startMinute: 780,
      endMinute: 840,
      experienceMinutes: 60,
      unrestrictedMinutes: 60,
      restrictedMinutes: 0,
      individualOrGroup: 'No supervision',
      methodOfSupervision: null,
      supervisionStartMinute: null,
      supervisionEndMinute: null,
      supervisedMinutes: 0,
      independentMinutes: 60,
      clientObservation: null,
      supervisionContactId: null,
    },
    taskIds: ['C.2'],
  });
  await insertDailyLogs(t.db, {
    traineeId: otherTrainee.id,
    traineeSupervisorId: otherRecord,
    firstDate: '2026-04-01',
    count: 5,
  });
});
afterAll(async () => t.close());

describe('pages of experience logs', () => {
  it('answers the first page with the count and a link to the next', async () => {
    const first = await pageOf(trainee, 'status=pending');
    expect(first.count).toBe(48);
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/v1/experience-log/?status=pending&page=2');
    // Newest first: May 15 down.
    expect(first.results[0]?.date_of_experience).toBe('2026-05-15');
    expect(first.results.every((log) => log.user.id === trainee.id)).toBe(true);
  });

  it('follows next to the last page, each log once, then refuses a page past it', async () => {
    const seen: number[] = [];
    let url: string | null = '/api/v1/experience-log/';
    const previous: (string | null)[] = [];
    while (url) {
      const response = await t.request({ method: 'GET', url, token: trainee.token });
      expect(response.statusCode).toBe(200);
      const page = response.json<Page<ExperienceLog>>();
      seen.push(...page.results.map((log) => log.id));
      previous.push(page.previous);
      url = page.next;
    }
    expect(seen).toHaveLength(48);
    expect(new Set(seen).size).toBe(48);
    expect(previous).toEqual([null, '/api/v1/experience-log/', '/api/v1/experience-log/?page=2']);
    const past = await list(trainee, 'page=4');
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.', code: 'NOT_FOUND' });
  });

  it("keeps the filters in the links: a month's logs, and a task's", async () => {
    const april = await pageOf(trainee, 'month=2026-04&page=2');
    expect(april.count).toBe(33);
    expect(april.results).toHaveLength(13);
    expect(april.previous).toBe('/api/v1/experience-log/?month=2026-04');
    expect(april.next).toBeNull();
    const task = await pageOf(trainee, 'task=C.2');
    expect(task.count).toBe(3);
    expect(task.results.map((log) => log.date_of_experience)).toEqual([
      '2026-04-12',
      '2026-04-11',
      '2026-04-10',
    ]);
    expect(task.results.every((log) => log.task.some((item) => item.id === 'C.2'))).toBe(true);
  });

  it('an empty list is one page with nothing on it', async () => {
    expect(await pageOf(trainee, 'month=2025-01')).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("pages a supervisor's pending list over their trainees only", async () => {
    const first = await pageOf(supervisor, 'status=pending');
    expect(first.count).toBe(53);
    expect(first.next).toBe('/api/v1/experience-log/?status=pending&page=2');
    const last = await pageOf(supervisor, 'status=pending&page=3');
    expect(last.results).toHaveLength(13);
    const one = await pageOf(supervisor, `status=pending&u_id=${otherTrainee.id}`);
    expect(one.count).toBe(5);
    expect(one.results.every((log) => log.user.id === otherTrainee.id)).toBe(true);
    expect(await pageOf(stranger, 'status=pending')).toMatchObject({ count: 0, results: [] });
  });

  it('keeps a page of logs with their tasks under 50 KB', async () => {
    const response = await list(trainee, '');
    expect(Buffer.byteLength(response.body)).toBeLessThan(50 * 1024);
  });

  it('refuses a page that is not a whole number from 1, and a malformed task', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '9999999']) {
      const response = await list(trainee, `page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(response.json()).toEqual({ page: ['A page is a whole number from 1'] });
    }
    const task = await list(trainee, 'task=A.1%27%20or%201%3D1');
    expect(task.statusCode).toBe(400);
    expect(task.json()).toEqual({ task: ['Not a task id'] });
  });
});
