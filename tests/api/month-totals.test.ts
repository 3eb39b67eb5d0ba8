import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertSupervisorRecord, UNSUPERVISED_PAYLOAD } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * log_month_totals (migration 0011) is kept by triggers: after every kind of change a trainee's
 * logs go through, it must equal the sums of their live logs, and the totals read from it
 * (get-accrued over any range) must equal the sums of the logs themselves.
 */

let t: TestApp;
let trainee: TestUser;
let other: TestUser;
let supervisor: TestUser;
let recordId: number;
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

type TotalsRow = Record<string, number | string>;

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The table's rows and the same sums computed from the live logs, both sorted alike. */
async function bothWays(): Promise<{ kept: TotalsRow[]; recomputed: TotalsRow[] }> {
  const columns = sql.raw(`trainee_id, month, experience_type_id, logs, experience_minutes,
    independent_minutes, supervised_minutes, individual_minutes, group_minutes,
    unrestricted_minutes, restricted_minutes, contacts, observations, observation_minutes,
    approved_minutes`);
  const kept = await rowsOf<TotalsRow>(
    sql`select ${columns} from log_month_totals order by trainee_id, month, experience_type_id`,
  );
  const recomputed = await rowsOf<TotalsRow>(sql`
    select l.trainee_id, to_char(l.date_of_experience, 'YYYY-MM') as month,
      l.experience_type_id,
      count(*)::int as logs,
      sum(l.experience_minutes)::int as experience_minutes,
      sum(l.independent_minutes)::int as independent_minutes,
      sum(l.supervised_minutes)::int as supervised_minutes,
      sum(case when l.individual_or_group = 'Individual' then l.supervised_minutes else 0 end)::int as individual_minutes,
      sum(case when l.individual_or_group = 'Group' then l.supervised_minutes else 0 end)::int as group_minutes,
      sum(l.unrestricted_minutes)::int as unrestricted_minutes,
      sum(l.restricted_minutes)::int as restricted_minutes,
      (count(*) filter (where l.individual_or_group <> 'No supervision' and coalesce(c.counts_as_contact, false)))::int as contacts,
      (count(*) filter (where l.individual_or_group <> 'No supervision' and l.client_observation = 'Yes'))::int as observations,
      sum(case when l.individual_or_group <> 'No supervision' and l.client_observation = 'Yes' then coalesce(l.observation_minutes, 0) else 0 end)::int as observation_minutes,
      sum(case when l.status = 'approved' then l.experience_minutes else 0 end)::int as approved_minutes
    from experience_logs l left join supervision_contacts c on c.id = l.supervision_contact_id
    where l.deleted_at is null
    group by 1, 2, 3 order by 1, 2, 3`);
  return { kept, recomputed };
}

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
      await createLog(trainee, recordId, {
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
        supervisor: recordId,
        trainee_supervisor: recordId,
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
