import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, traineeSupervisors, users } from '../../src/server/db/schema';
import { compileSerializer } from '../../src/server/plugins/serializer';
import { ExperienceLogSchema } from '../../src/shared/logs/experience-log.schema';
import { pageSchema, type Page } from '../../src/shared/wire/pagination';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * A list page reads its logs without the generic row mapping, its timestamps as text
 * (logs.records.repository.ts, pageRecordColumns); a log by itself is read as a LogRecord. Both
 * must write the same text. Every log of a
 * varied set (odd minutes, nulls, names and notes with quotes, backslashes, control characters
 * and other scripts, flags with and without comments, unknown legacy task ids, timestamps with
 * microseconds) is read both ways and compared, and each list page is byte for byte what the
 * page schema's serialiser writes for its content.
 */

type Log = Record<string, unknown> & { id: number };

let t: TestApp;
let trainee: TestUser;
let supervisor: TestUser;
const writePage = compileSerializer(pageSchema(ExperienceLogSchema));
const tricky = 'Zoë "Z" O\'Neil \\ back\nline\ttab \u0001 \u2028 日本 😀';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-06-20T12:00:00Z');
  trainee = await createTrainee(t.db, { name: tricky });
  supervisor = await createSupervisor(t.db);
  const linked = await insertSupervisorRecord(t.db, trainee.id, {
    name: 'Dana "D" \\ Reyes',
    email: supervisor.email,
    supervisorUserId: supervisor.id,
  });
  const unlinked = await insertSupervisorRecord(t.db, trainee.id, { name: '' });
  await t.db
    .update(traineeSupervisors)
    .set({ lastname: 'Ølsen' })
    .where(eq(traineeSupervisors.id, unlinked));
  const unsupervised = {
    individualOrGroup: 'No supervision',
    methodOfSupervision: null,
    supervisionStartMinute: null,
    supervisionEndMinute: null,
    supervisedMinutes: 0,
    clientObservation: null,
    observationMinutes: null,
    supervisionContactId: null,
  } as const;
  const sets = [
    { traineeSupervisorId: linked, taskIds: ['A.1', 'C.2', 'E-10', 'B-1', 'not a task'] },
    {
      traineeSupervisorId: linked,
      taskIds: [],
      overrides: {
        ...unsupervised,
        startMinute: 0,
        endMinute: 1439,
        experienceMinutes: 1439,
        unrestrictedMinutes: 1,
        restrictedMinutes: 1438,
        independentMinutes: 1439,
        experienceTypeId: 2,
        settingId: 3,
        experienceNote: tricky,
      },
    },
    {
      traineeSupervisorId: unlinked,
      taskIds: ['F.5'],
      overrides: {
        startMinute: 61,
        endMinute: 142,
        experienceMinutes: 81,
        unrestrictedMinutes: 20,
        restrictedMinutes: 61,
        individualOrGroup: 'Group',
        methodOfSupervision: 'Virtual',
        supervisionStartMinute: 61,
        supervisionEndMinute: 120,
        supervisedMinutes: 59,
        independentMinutes: 22,
        clientObservation: 'No',
        supervisionContactId: 5,
        experienceNote: '',
      },
    },
    {
      traineeSupervisorId: linked,
      taskIds: ['A.1'],
      overrides: {
        individualOrGroup: 'Individual',
        clientObservation: 'Yes',
        observationMinutes: 7,
        supervisionContactId: 99,
        settingId: 999,
        experienceTypeId: 7,
        status: 'flagged',
        flagData: {
          experience_hours: { flagged: true, comment: 'Check "this" \\ please\n' },
          setting: { flagged: true },
          task: { flagged: false, comment: '' },
        },
      },
    },
  ] as const;
  for (const [index, set] of sets.entries()) {
    await insertDailyLogs(t.db, {
      traineeId: trainee.id,
      firstDate: `2026-05-0${index + 1}`,
      count: 3,
      ...set,
      taskIds: [...set.taskIds],
    });
  }
  // Timestamps with microseconds, some near a millisecond's end; one approved by the supervisor.
  await t.db.execute(sql`update ${experienceLogs} set
    created_at = timestamptz '2026-05-01 08:00:00.123999+00' + (id % 7) * interval '1.0009 second',
    updated_at = timestamptz '2026-05-02 09:30:00.000001+00' + (id % 5) * interval '0.9999 second'
    where trainee_id = ${trainee.id}`);
  await t.db.execute(sql`update ${experienceLogs} set status = 'approved',
    status_changed_at = timestamptz '2026-05-03 10:00:00.999500+00'
    where trainee_id = ${trainee.id} and date_of_experience = '2026-05-02'`);
  await t.db.update(users).set({ name: tricky }).where(eq(users.id, trainee.id));
});

afterAll(async () => {
  await t.close();
});

async function listed(user: TestUser, query: string) {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/experience-log/?${query}`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<Page<Log>>();
  // The bytes sent are what the page's serialiser writes for what they say.
  expect(response.body).toBe(writePage(page as Parameters<typeof writePage>[0]));
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return page;
}

async function alone(user: TestUser, id: number): Promise<Log> {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/experience-log/${id}/`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Log>();
}

describe('a list page writes each log as the log route does', () => {
  for (const [who, query] of [
    ['trainee', 'month=2026-05'],
    ['supervisor', 'month=2026-05'],
    ['supervisor', 'date_of_experience=2026-05-04'],
    ['supervisor', 'status=flagged'],
  ] as const) {
    it(`${who}: ${query}`, async () => {
      const user = who === 'trainee' ? trainee : supervisor;
      const page = await listed(user, query);
      expect(page.results.length).toBeGreaterThan(0);
      for (const log of page.results) {
        // Same keys in the same order, same values.
        expect(JSON.stringify(log)).toBe(JSON.stringify(await alone(user, log.id)));
      }
    });
  }

  it('covers the awkward values', async () => {
    const { results } = await listed(trainee, 'month=2026-05');
    expect(results).toHaveLength(12);
    const byNote = results.find((log) => log.experience_note === tricky);
    expect(byNote).toMatchObject({
      user: { id: trainee.id, name: tricky },
      time_of_expereince_start: '00:00',
      time_of_expereince_end: '23:59',
      experience_hours: 23.98,
      unrestricted_hours: 0.02,
      supervision_start_time: null,
      observation_hours: null,
      task: [],
    });
    const flagged = results.find((log) => log.status === 'flagged');
    expect(flagged).toMatchObject({
      data: {
        experience_hours: { flagged: true, comment: 'Check "this" \\ please\n' },
        setting: { flagged: true },
      },
      setting_name: null,
      supervision_contact_name: null,
      observation_hours: 0.12,
    });
    const group = results.find((log) => log.individual_or_group === 'Group');
    expect(group).toMatchObject({
      supervisor_name: 'Ølsen',
      supervisor_account: null,
      time_of_expereince_start: '01:01',
      supervised_hours: 0.98,
      independant_hours: 0.37,
    });
    const approved = results.find((log) => log.status === 'approved');
    expect(approved?.status_changed_at).toBe('2026-05-03T10:00:00.999Z');
    const legacy = results.find((log) => (log.task as unknown[]).length === 5);
    expect((legacy?.task as { id: string; version: string }[]).map((task) => task.id)).toEqual([
      'A.1',
      'C.2',
      'E-10',
      'B-1',
      'not a task',
    ]);
  });
});
