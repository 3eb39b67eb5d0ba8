import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertSupervisorRecord, UNSUPERVISED_PAYLOAD } from '../helpers/log-factory';
import { progressRevision, rowsOf as rowsOfDb, totalsBothWays } from '../helpers/month-totals';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * log_month_totals (migrations 0013, 0024) is kept by triggers: after every kind of change a trainee's
 * logs go through, it must equal the sums of their live logs, and the totals read from it
 * (get-accrued over any range) must equal the sums of the logs themselves.
 */

let t: TestApp;
let trainee: TestUser;
let other: TestUser;
let supervisor: TestUser;
let recordId: number;
/** Concentrated hours are under a record of their own: a structure's month holds one type. */
let concentratedRecordId: number;
let otherRecordId: number;

const createLog = async (user: TestUser, record: number, overrides: Partial<LogEntryWire>) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: user.token,
    payload: createLogPayload({ supervisor: record, trainee_supervisor: record, ...overrides }),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
};

const asTrainee = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, token: trainee.token, ...(payload ? { payload } : {}) });
const asSupervisor = (url: string, payload: object) =>
  t.request({ method: 'POST', url, token: supervisor.token, payload });

const rowsOf = <T>(query: SQL) => rowsOfDb<T>(t.db, query);
const bothWays = () => totalsBothWays(t.db);

async function expectTotalsKept(): Promise<void> {
  const { kept, recomputed } = await bothWays();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-06-20T12:00:00Z');
  trainee = await createTrainee(t.db);
  other = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  recordId = await insertSupervisorRecord(t.db, trainee.id, {
    email: supervisor.email,
    supervisorUserId: supervisor.id,
  });
  concentratedRecordId = await insertSupervisorRecord(t.db, trainee.id, {
    name: 'Lee Park',
    supervisorUserId: supervisor.id,
  });
  otherRecordId = await insertSupervisorRecord(t.db, other.id);
});
afterAll(async () => t.close());

describe('log_month_totals', () => {
  const ids: number[] = [];

  it('adds every new log to its month and fieldwork type', async () => {
    ids.push(await createLog(trainee, recordId, { date_of_experience: '2026-03-31' }));
    ids.push(
      await createLog(trainee, recordId, {
        date_of_experience: '2026-04-01',
        individual_or_group: 'Group',
        supervision_contact: 5,
      }),
    );
    ids.push(
      await createLog(trainee, concentratedRecordId, {
        date_of_experience: '2026-04-15',
        expereince_type: 2,
        client_observation: 'No',
      }),
    );
    ids.push(
      await createLog(trainee, recordId, {
        date_of_experience: '2026-05-10',
        ...UNSUPERVISED_PAYLOAD,
      }),
    );
    ids.push(await createLog(trainee, recordId, { date_of_experience: '2026-06-01' }));
    await createLog(other, otherRecordId, { date_of_experience: '2026-04-02' });
    await expectTotalsKept();
  });

  it('moves an edited log between months and types, and takes it away on delete', async () => {
    const moved = await asTrainee('PUT', `/api/v1/experience-log/${ids[0]}/`, {
      ...createLogPayload({
        supervisor: concentratedRecordId,
        trainee_supervisor: concentratedRecordId,
        date_of_experience: '2026-05-11',
        expereince_type: 2,
        time_of_expereince_end: '13:00',
        unrestricted_hours: 3,
      }),
    });
    expect(moved.statusCode).toBe(200);
    await expectTotalsKept();

    expect((await asTrainee('DELETE', `/api/v1/experience-log/${ids[4]}/`)).statusCode).toBe(204);
    await expectTotalsKept();
    // Its month had no other log: no row is left for it.
    const { kept } = await bothWays();
    expect(kept.some((row) => row.trainee_id === trainee.id && row.month === '2026-06')).toBe(
      false,
    );

    const restored = await asTrainee('POST', `/api/v1/experience-log/${ids[4]}/restore/`);
    expect(restored.statusCode).toBe(200);
    await expectTotalsKept();
  });

  it("follows the supervisor's approvals, flags and reopenings", async () => {
    expect(
      (await asSupervisor('/api/v1/flag-log/', { log_id: ids[1], is_approved: true })).statusCode,
    ).toBe(200);
    await expectTotalsKept();
    expect(
      (
        await asSupervisor('/api/v1/flag-log/', {
          log_id: ids[2],
          is_flag: true,
          data: { experience_note: { flagged: true, comment: 'Which client?' } },
        })
      ).statusCode,
    ).toBe(200);
    await expectTotalsKept();
    expect(
      (
        await asSupervisor('/api/v1/approve-logs/', {
          u_id: trainee.id,
          log_ids: [ids[0], ids[3], ids[4]],
        })
      ).statusCode,
    ).toBe(200);
    await expectTotalsKept();
    expect((await asSupervisor('/api/v1/reopen-log/', { log_id: ids[3] })).statusCode).toBe(200);
    await expectTotalsKept();
  });

  it('adds the logs one statement writes, of several trainees and months, all at once', async () => {
    const before = [
      await progressRevision(t.db, trainee.id),
      await progressRevision(t.db, other.id),
    ];
    // A copy of every log a day later (approved, flagged and deleted ones included), in one INSERT.
    const copied = sql.raw(`trainee_id, trainee_supervisor_id, experience_type_id, setting_id,
      start_minute, end_minute, experience_minutes, unrestricted_minutes, restricted_minutes,
      individual_or_group, method_of_supervision, supervision_start_minute, supervision_end_minute,
      supervised_minutes, independent_minutes, client_observation, observation_minutes,
      supervision_contact_id, experience_note, status, deleted_at`);
    await rowsOf(sql`insert into experience_logs (${copied}, date_of_experience)
      select ${copied}, date_of_experience + 1 from experience_logs`);
    await expectTotalsKept();
    const after = [
      await progressRevision(t.db, trainee.id),
      await progressRevision(t.db, other.id),
    ];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after.every((revision) => revision !== null)).toBe(true);
  });

  it('gives get-accrued the sums of the logs themselves over any range', async () => {
    const ranges: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['2026-04-01', '2026-04-30'],
      ['2026-03-31', '2026-05-10'],
      ['2026-04-02', '2026-04-20'],
      ['2026-03-15', '2026-06-30'],
      ['2026-04-01', '2026-05-31'],
      ['2026-05-11', '2026-05-11'],
    ];
    for (const [from, to] of ranges) {
      const query = new URLSearchParams({
        ...(from ? { from_date: from } : {}),
        ...(to ? { to_date: to } : {}),
      });
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/get-accrued/?${query}`,
        token: trainee.token,
      });
      expect(response.statusCode).toBe(200);
      const [row] = await rowsOf<{ experience: number; supervised: number; unrestricted: number }>(
        sql`
          select coalesce(sum(experience_minutes), 0)::int as experience,
            coalesce(sum(supervised_minutes), 0)::int as supervised,
            coalesce(sum(unrestricted_minutes), 0)::int as unrestricted
          from experience_logs
          where trainee_id = ${trainee.id} and deleted_at is null
            and date_of_experience between ${from ?? '2026-06-01'}::date and ${to ?? '2026-06-30'}::date`,
      );
      type Totals = {
        experience_hours: number;
        supervised_hours: number;
        unrestricted_hours: number;
      };
      const { weekly, total } = response.json<{ weekly: Totals; total: Totals }>();
      const [all] = await rowsOf<{ experience: number }>(
        sql`select sum(experience_minutes)::int as experience from experience_logs
          where trainee_id = ${trainee.id} and deleted_at is null`,
      );
      expect(total.experience_hours).toBe((all?.experience ?? 0) / 60);
      expect(weekly, `${from} to ${to}`).toEqual(
        expect.objectContaining({
          experience_hours: (row?.experience ?? 0) / 60,
          supervised_hours: (row?.supervised ?? 0) / 60,
          unrestricted_hours: (row?.unrestricted ?? 0) / 60,
        }),
      );
    }
  });
});
