import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs } from '../../src/server/db/schema';
import {
  EXPORT_COLUMNS,
  EXPORT_PAGE_SIZE,
  exportLogsCsv,
} from '../../src/server/features/logs/logs.export';
import { parseCsv } from '../helpers/csv';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { insertDailyLogs, insertSupervisorRecord } from '../helpers/log-factory';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let trainee: TestUser;
let bigTrainee: TestUser;
let supervisor: TestUser;
const url = '/api/v1/download-experience-log/';

async function log(overrides: Partial<LogEntryWire>, supervisorId: number) {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: trainee.token,
    payload: createLogPayload({
      supervisor: supervisorId,
      trainee_supervisor: supervisorId,
      ...overrides,
    }),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-04-02T12:00:00Z');
  trainee = await createTrainee(t.db);
  bigTrainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db);
  const record = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name: 'Zoë', lastname: 'Müller', email: 'zoe@example.com' },
  });
  const id = record.json<{ id: number }>().id;
  // Concentrated hours with another supervisor: March with Zoë holds supervised fieldwork.
  const other = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name: 'Ana', lastname: 'Núñez', email: 'ana@example.com' },
  });
  const otherId = other.json<{ id: number }>().id;
  await log(
    {
      date_of_experience: '2026-03-02',
      experience_note: '=HYPERLINK("http://evil")',
      task: ['A.1', 'C.3'],
      observation_hours: 0.75,
    },
    id,
  );
  await log(
    {
      date_of_experience: '2026-03-03',
      experience_note: 'Wrote the plan, then "reviewed"\nwith Zoë',
      individual_or_group: 'No supervision',
      task: ['B.2'],
    },
    id,
  );
  await log(
    {
      date_of_experience: '2026-03-20',
      experience_note: '+1 idea',
      expereince_type: 2,
      task: ['C.3'],
    },
    otherId,
  );
});
afterAll(async () => t.close());

function exportCsv(body: Record<string, unknown>, user: TestUser = trainee) {
  return t.request({ method: 'POST', url, token: user.token, payload: body });
}

describe('CSV export', () => {
  it('downloads every log as Excel-ready CSV that parses back to the logs', async () => {
    const response = await exportCsv({ tasks: [], from_date: '', to_date: '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Experience logs.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    // The observation's own duration (2027 standards) follows the Yes/No answer, in hours.
    expect(rows[0]?.slice(13, 15)).toEqual(['Client observation', 'Observation hours']);
    expect(rows.slice(1)).toEqual([
      [
        '2026-03-02',
        '09:00',
        '12:00',
        'Supervised Fieldwork',
        'Zoë Müller',
        "Client's home",
        '3',
        '2',
        '1',
        'Individual',
        'In Person',
        '1',
        '2',
        'Yes',
        '0.75',
        'Observation with a client',
        'A.1; C.3',
        '\'=HYPERLINK("http://evil")',
        'pending',
        '',
      ],
      [
        '2026-03-03',
        '09:00',
        '12:00',
        'Supervised Fieldwork',
        'Zoë Müller',
        "Client's home",
        '3',
        '3',
        '0',
        'No supervision',
        '',
        '1',
        '2',
        '',
        '',
        '',
        'B.2',
        'Wrote the plan, then "reviewed"\nwith Zoë',
        'pending',
        '',
      ],
      [
        '2026-03-20',
        '09:00',
        '12:00',
        'Concentrated Supervised Fieldwork',
        'Ana Núñez',
        "Client's home",
        '3',
        '2',
        '1',
        'Individual',
        'In Person',
        '1',
        '2',
        'Yes',
        '1',
        'Observation with a client',
        'C.3',
        "'+1 idea",
        'pending',
        '',
      ],
    ]);
  });

  it('filters by tasks and by dates', async () => {
    const byTask = parseCsv((await exportCsv({ tasks: ['C.3'] })).body);
    expect(byTask.slice(1).map((row) => row[0])).toEqual(['2026-03-02', '2026-03-20']);
    const byDates = parseCsv(
      (await exportCsv({ from_date: '2026-03-03', to_date: '2026-03-19' })).body,
    );
    expect(byDates.slice(1).map((row) => row[0])).toEqual(['2026-03-03']);
  });

  it('refuses a reversed range with a field error', async () => {
    const response = await exportCsv({ from_date: '2026-03-20', to_date: '2026-03-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      from_date: ['The start date must be on or before the end date'],
    });
  });

  it('exports only the asker’s logs, and only to trainees', async () => {
    const other = parseCsv((await exportCsv({}, bigTrainee)).body);
    expect(other).toEqual([[...EXPORT_COLUMNS]]);
    expect((await exportCsv({}, supervisor)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
  });

  it('dates an approved log by the day (UTC) it was approved, others not at all', async () => {
    const reviewed = await createTrainee(t.db);
    const recordId = await insertSupervisorRecord(t.db, reviewed.id);
    const [approved, flagged] = await insertDailyLogs(t.db, {
      traineeId: reviewed.id,
      traineeSupervisorId: recordId,
      firstDate: '2026-03-02',
      count: 2,
    });
    // 23:30 in New York on the 21st is the 22nd in UTC.
    const reviewedAt = new Date('2026-03-21T23:30:00-04:00');
    await t.db
      .update(experienceLogs)
      .set({ status: 'approved', statusChangedAt: reviewedAt })
      .where(eq(experienceLogs.id, approved ?? 0));
    await t.db
      .update(experienceLogs)
      .set({ status: 'flagged', statusChangedAt: reviewedAt })
      .where(eq(experienceLogs.id, flagged ?? 0));
    const rows = parseCsv((await exportCsv({}, reviewed)).body);
    expect(rows.slice(1).map((row) => row.slice(-2))).toEqual([
      ['approved', '2026-03-22'],
      ['flagged', ''],
    ]);
  });

  it('streams page by page: 1,201 logs arrive in more than one chunk, all of them', async () => {
    const recordId = await insertSupervisorRecord(t.db, bigTrainee.id);
    await insertDailyLogs(t.db, {
      traineeId: bigTrainee.id,
      traineeSupervisorId: recordId,
      firstDate: '2022-01-01',
      count: 1201,
    });
    const chunks: string[] = [];
    for await (const chunk of exportLogsCsv({
      db: t.db,
      traineeId: bigTrainee.id,
      filter: { taskIds: [] },
    }))
      chunks.push(chunk);
    expect(chunks.length).toBe(1 + Math.ceil(1201 / EXPORT_PAGE_SIZE));
    expect(chunks.length).toBeGreaterThan(2);
    const rows = parseCsv(chunks.join(''));
    expect(rows).toHaveLength(1 + 1201);
    expect(rows[1]?.[0]).toBe('2022-01-01');
    expect(rows.at(-1)?.[0]).toBe('2025-04-15');
  });
});
