import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetDashboardFigures } from '../../src/server/features/progress/progress.service';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * get-accrued keeps a trainee's all-time total under the progress revision of their month rows
 * (progress.service.ts, migration 0017), so its cost does not grow with the history: the query
 * sums every month only when the revision moved. After each kind of change the total served
 * must equal a fresh computation and the sums of the live logs themselves.
 */

let t: TestApp;
let trainee: TestUser;
let recordId: number;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({
    method,
    url,
    token: trainee.token,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

type Accrued = { total: { experience_hours: number }; weekly: { experience_hours: number } };
const accrued = async () =>
  (
    await call('GET', '/api/v1/get-accrued/?from_date=2026-04-10&to_date=2026-05-31')
  ).json<Accrued>();

/** The live logs' hours, summed by the database from the logs themselves. */
async function loggedHours(): Promise<number> {
  // PGlite and node-postgres both answer `{ rows }`.
  const { rows } = (await t.db.execute(
    sql`select coalesce(sum(experience_minutes), 0)::int as minutes from experience_logs
      where trainee_id = ${trainee.id} and deleted_at is null`,
  )) as unknown as { rows: { minutes: number }[] };
  return Math.round(((rows[0]?.minutes ?? 0) / 60) * 100) / 100;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-06-20T12:00:00Z');
  trainee = await createTrainee(t.db);
  recordId = await insertSupervisorRecord(t.db, trainee.id);
  await insertDailyLogs(t.db, {
    traineeId: trainee.id,
    traineeSupervisorId: recordId,
    firstDate: '2026-01-05',
    count: 120,
  });
});
afterAll(async () => t.close());

describe('the accrued total kept under the progress revision', () => {
  it('equals a fresh computation and the logs after every kind of change', async () => {
    const expectServedRight = async (step: string) => {
      const kept = await accrued();
      forgetDashboardFigures();
      const fresh = await accrued();
      expect(kept, step).toEqual(fresh);
      expect(kept.total.experience_hours, step).toBe(await loggedHours());
      // Asked again unchanged: from the kept total, the same answer.
      expect(await accrued(), `${step}, again`).toEqual(fresh);
    };
    await expectServedRight('start');
    const payload = createLogPayload({
      supervisor: recordId,
      trainee_supervisor: recordId,
      date_of_experience: '2026-02-14',
      time_of_expereince_start: '13:00',
      time_of_expereince_end: '17:00',
      supervision_start_time: '14:00',
      supervision_end_time: '15:00',
      unrestricted_hours: 3,
      restricted_hours: 1,
    });
    const created = (await call('POST', '/api/v1/experience-log/', payload)).json<{ id: number }>();
    await expectServedRight('create');
    await call('PUT', `/api/v1/experience-log/${created.id}/`, {
      ...payload,
      time_of_expereince_end: '18:00',
      unrestricted_hours: 4,
    });
    await expectServedRight('edit');
    await call('DELETE', `/api/v1/experience-log/${created.id}/`);
    await expectServedRight('delete');
    await call('POST', `/api/v1/experience-log/${created.id}/restore/`);
    await expectServedRight('restore');
    await t.db.execute(
      sql`update experience_logs set experience_minutes = experience_minutes + 30,
        restricted_minutes = restricted_minutes + 30, end_minute = end_minute + 30
        where trainee_id = ${trainee.id} and date_of_experience = '2026-01-06'`,
    );
    await expectServedRight('a change made in the database');
  });

  it('is served from the kept total while the revision stands', async () => {
    const before = await accrued();
    // A change of the month rows that gives no new revision (its trigger off): the kept total
    // stands; the range, summed every time, sees it.
    await t.db.execute(sql`alter table log_month_totals disable trigger progress_revision_totals`);
    try {
      await t.db.execute(
        sql`update log_month_totals set experience_minutes = experience_minutes + 60
          where trainee_id = ${trainee.id} and month = '2026-05'`,
      );
    } finally {
      await t.db.execute(sql`alter table log_month_totals enable trigger progress_revision_totals`);
    }
    const after = await accrued();
    expect(after.total).toEqual(before.total);
    expect(after.weekly.experience_hours).toBe(before.weekly.experience_hours + 1);
    forgetDashboardFigures();
    expect((await accrued()).total.experience_hours).toBe(before.total.experience_hours + 1);
  });
});
