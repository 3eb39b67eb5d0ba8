import { and, count, eq } from 'drizzle-orm';
import { GENERIC_HEADER, GENERIC_MAPPING } from '../helpers/import-fixtures';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, logHistory, monthSignoffs } from '../../src/server/db/schema';
import { FORMER_SUPERVISOR, NOT_OWN_SUPERVISOR } from '../../src/server/features/logs/logs.service';
import { EXPORT_COLUMNS } from '../../src/server/features/logs/logs.export';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportMapping,
  type ImportPreview,
} from '../../src/shared/import/import.schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { signedMonthMessage } from '../../src/shared/review/month-signoff';
import { overlapMessage } from '../../src/shared/logs/log-overlap';
import { PAYWALL_MESSAGES } from '../../src/shared/billing/access';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { contractOnRecord } from '../helpers/contract-factory';
import { progressRevision, totalsBothWays } from '../helpers/month-totals';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from './files-support';
import { peakRssBytes, resetPeakRss } from '../helpers/peak-rss';
import { xlsxBomb } from '../helpers/zip-bomb';
import { SPREADSHEET_LIMITS } from '../../src/server/features/import/import.parse';
import { RATE_LIMITS } from '../../src/server/plugins/rate-limit';

/*
 * Importing earlier hours (issue 14): the preview stores nothing and speaks the log form's
 * rules; the import stores every row or none, pending, marked as imported.
 */

let t: TestApp;
let supervisor: TestUser;

const PREVIEW = '/api/v1/import/preview/';
const IMPORT = '/api/v1/import/';

type Trainee = TestUser & { recordId: number };

/** A trainee of their own with the supervisor record 'Dana Reyes'. */
async function trainee(): Promise<Trainee> {
  const user = await createTrainee(t.db);
  const record = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: user.token,
    payload: { name: 'Dana', lastname: 'Reyes', email: supervisor.email },
  });
  expect(record.statusCode, record.body).toBe(201);
  await answerRequestFrom(t, supervisor, user.email);
  return { ...user, recordId: record.json<{ id: number }>().id };
}

/** A log saved through the log form, with the trainee's supervisor record. */
async function createLog(who: Trainee, overrides: Partial<LogEntryWire>): Promise<void> {
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/experience-log/',
    token: who.token,
    payload: createLogPayload({
      supervisor: who.recordId,
      trainee_supervisor: who.recordId,
      ...overrides,
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
}

const csvFile = (text: string, name = 'hours.csv') => ({
  name,
  bytes: Buffer.from(text, 'utf8'),
  type: 'text/csv',
});

async function send(
  url: string,
  who: { token: string },
  file: { name: string; bytes: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const body = await multipart(fields, [{ ...file, field: 'file' }]);
  return t.request({ method: 'POST', url, token: who.token, ...body });
}

async function preview(
  who: { token: string },
  file: Parameters<typeof send>[2],
  mapping?: ImportMapping,
) {
  const response = await send(
    PREVIEW,
    who,
    file,
    mapping ? { mapping: JSON.stringify(mapping) } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

/**
 * Runs the request and, until it answers, one health check after another (each after a turn of
 * the event loop): the request's answer, and how many checks were answered before it.
 */
async function whileCheckingHealth(request: () => ReturnType<typeof send>) {
  let isPending = true;
  const answer = request().finally(() => {
    isPending = false;
  });
  let answeredMeanwhile = 0;
  while (isPending) {
    await new Promise((resolve) => setImmediate(resolve));
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    if (isPending) answeredMeanwhile += 1;
  }
  return { response: await answer, answeredMeanwhile };
}

async function logCount(traineeId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(experienceLogs)
    .where(eq(experienceLogs.traineeId, traineeId));
  return row?.n ?? 0;
}

const genericRow = (
  date: string,
  from: string,
  to: string,
  extra: Partial<Record<string, string>> = {},
) =>
  [
    date,
    from,
    to,
    extra.type ?? 'Supervised',
    extra.supervisor ?? 'Dana Reyes',
    extra.supervised ?? 'Supervised',
    extra.group ?? 'Individual',
    extra.restricted ?? 'Unrestricted',
    extra.setting ?? 'Clinic',
    extra.method ?? 'In Person',
    extra.observed ?? 'Yes',
    extra.contact ?? 'Individual meeting',
    extra.tasks ?? 'A.1; B.2',
    extra.notes ?? 'Parent training',
  ]
    .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
const genericCsv = (...rows: string[]) => csvFile([GENERIC_HEADER, ...rows].join('\r\n'));

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
  supervisor = await createSupervisor(t.db, { email: 'dana.import@example.com' });
});
afterAll(async () => t?.close());

describe('the product’s own CSV export', () => {
  it('imports back into another account as it was exported, pending and marked imported', async () => {
    const from = await trainee();
    for (const overrides of [
      { date_of_experience: '2026-03-02' },
      {
        date_of_experience: '2026-03-03',
        individual_or_group: 'No supervision',
        experience_note: '=HYPERLINK("http://evil.example","click")',
      },
    ]) {
      await createLog(from, overrides);
    }
    const exported = await t.request({
      method: 'POST',
      url: '/api/v1/download-experience-log/',
      token: from.token,
      payload: { tasks: [] },
    });
    expect(exported.statusCode).toBe(200);
    const file = { name: 'export.csv', bytes: exported.rawPayload, type: 'text/csv' };

    const to = await trainee();
    const checked = await preview(to, file);
    expect(checked).toMatchObject({
      layout: 'export',
      needsMapping: false,
      counts: { rows: 2, valid: 2, invalid: 0 },
    });
    expect(checked.headers).toEqual([...EXPORT_COLUMNS]);
    expect(checked.rows[0]).toMatchObject({
      line: 2,
      date: '2026-03-02',
      supervisor: 'Dana Reyes',
      setting: "Client's home",
      experience_hours: 3,
      supervised_hours: 1,
      unrestricted_hours: 2,
      restricted_hours: 1,
      tasks: 'A.1; B.2',
    });
    expect(checked.rows[1]).toMatchObject({
      line: 3,
      date: '2026-03-03',
      start: '09:00',
      end: '12:00',
      individual_or_group: 'No supervision',
      experience_hours: 3,
      supervised_hours: 0,
      notes: '=HYPERLINK("http://evil.example","click")',
      errors: {},
    });
    expect(await logCount(to.id)).toBe(0);

    const done = await send(IMPORT, to, file, { sha256: checked.sha256 });
    expect(done.statusCode, done.body).toBe(201);
    const result = done.json<{ imported: number; imported_at: string; months: unknown[] }>();
    expect(result).toMatchObject({ imported: 2, months: [{ month: '2026-03', count: 2 }] });
    const list = await t.request({
      method: 'GET',
      url: '/api/v1/experience-log/',
      token: to.token,
    });
    const logs = list.json<{ results: Record<string, unknown>[] }>().results;
    expect(
      logs.map((log) => [log.date_of_experience, log.status, log.experience_hours, log.supervisor]),
    ).toEqual([
      ['2026-03-03', 'pending', 3, to.recordId],
      ['2026-03-02', 'pending', 3, to.recordId],
    ]);
    expect(logs[0]?.experience_note).toBe('=HYPERLINK("http://evil.example","click")');
    // The instant the import answered is each imported log's: the list marks them by it.
    expect(logs.map((log) => log.created_at)).toEqual([result.imported_at, result.imported_at]);
    const history = await t.request({
      method: 'GET',
      url: `/api/v1/experience-log/${String(logs[0]?.id)}/history/`,
      token: to.token,
    });
    expect(
      history.json<{ results: { action: string }[] }>().results.map((entry) => entry.action),
    ).toEqual(['import']);
    // The supervisor sees them to approve like any other.
    const pending = await t.request({
      method: 'GET',
      url: '/api/v1/experience-log/',
      query: { status: 'pending', u_id: String(to.id) },
      token: supervisor.token,
    });
    expect(pending.json<{ count: number }>().count).toBe(2);
    // Exported again, the formula is neutralised as always.
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/download-experience-log/',
      token: to.token,
      payload: { tasks: [] },
    });
    expect(again.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });
});

describe('a layout of the user’s own', () => {
  it('asks for a mapping, previews with it, and remembers it for the next import', async () => {
    const who = await trainee();
    const file = genericCsv(
      genericRow('3/4/2026', '9:00 AM', '12:30 PM'),
      genericRow('2026-03-05', '13:00', '14:00', {
        supervised: 'Independent',
        restricted: 'Restricted',
      }),
    );
    const first = await preview(who, file);
    expect(first).toMatchObject({
      layout: 'generic',
      needsMapping: true,
      rows: [],
      counts: { rows: 2 },
    });
    expect(first.headers[0]).toBe('Day');
    expect(first.mapping).toMatchObject({ date: 'Day', setting: 'Setting', notes: 'Notes' });

    const mapped = await preview(who, file, GENERIC_MAPPING);
    expect(mapped.counts).toEqual({ rows: 2, valid: 2, invalid: 0 });
    expect(mapped.rows[0]).toMatchObject({
      date: '2026-03-04',
      start: '09:00',
      end: '12:30',
      supervision: '09:00–12:30',
      experience_hours: 3.5,
      supervised_hours: 3.5,
      unrestricted_hours: 3.5,
      restricted_hours: 0,
      client_observation: 'Yes',
      supervision_contact: 'Individual meeting',
    });
    expect(mapped.rows[1]).toMatchObject({
      individual_or_group: 'No supervision',
      supervised_hours: 0,
      unrestricted_hours: 0,
      restricted_hours: 1,
    });
    // The next file of the same layout starts from the saved mapping.
    const next = await preview(who, genericCsv(genericRow('2026-03-06', '09:00', '10:00')));
    expect(next.mapping).toEqual(GENERIC_MAPPING);

    const done = await send(IMPORT, who, file, {
      sha256: mapped.sha256,
      mapping: JSON.stringify(GENERIC_MAPPING),
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(await logCount(who.id)).toBe(2);
  });

  it('reads the first sheet of an XLSX, dates and times as Excel keeps them, formulas by their saved value', async () => {
    const who = await trainee();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hours');
    sheet.addRow(GENERIC_HEADER.split(','));
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 9)),
      new Date(Date.UTC(1899, 11, 30, 9, 0)),
      new Date(Date.UTC(1899, 11, 30, 11, 15)),
      'Supervised',
      'Dana Reyes',
      'Supervised',
      'Group',
      { formula: '1+1', result: 2 },
      'School',
      'Virtual',
      'No',
      'Group meeting',
      'C.1',
      { formula: 'CONCAT("a","b")', result: 'Notes from a formula' },
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const file = {
      name: 'hours.xlsx',
      bytes,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    const checked = await preview(who, file, GENERIC_MAPPING);
    expect(checked.rows[0]).toMatchObject({
      date: '2026-03-09',
      start: '09:00',
      end: '11:15',
      individual_or_group: 'Group',
      unrestricted_hours: 2,
      restricted_hours: 0.25,
      notes: 'Notes from a formula',
      errors: {},
    });
  });
});

describe('the month totals', () => {
  it('adds a whole file as they add its rows one by one, and moves the progress revision', async () => {
    const whole = await trainee();
    const oneByOne = await trainee();
    // Concentrated hours with a second supervisor: one structure's month holds one type.
    for (const who of [whole, oneByOne]) {
      const sam = await t.request({
        method: 'POST',
        url: '/api/v1/trainee-supervisors/',
        token: who.token,
        payload: { name: 'Sam', lastname: 'Ortiz', email: `sam.${who.id}@example.com` },
      });
      expect(sam.statusCode, sam.body).toBe(201);
    }
    const rows = [
      genericRow('2026-02-02', '09:00', '12:00'),
      genericRow('2026-02-03', '09:00', '10:30', {
        type: 'Concentrated',
        supervisor: 'Sam Ortiz',
        group: 'Group',
        contact: 'Group meeting',
        observed: 'No',
        tasks: 'D.4',
      }),
      genericRow('2026-02-03', '13:00', '15:00', {
        supervised: 'Independent',
        restricted: 'Restricted',
      }),
      genericRow('2026-03-02', '08:00', '09:00', { contact: 'Phone call (not a contact)' }),
      genericRow('2026-03-03', '10:00', '11:00', {
        type: 'Concentrated',
        supervisor: 'Sam Ortiz',
        tasks: 'C.1',
      }),
    ];
    // Each has a log in March already: the file adds to that month's totals.
    for (const who of [whole, oneByOne]) {
      await createLog(who, { date_of_experience: '2026-03-10' });
    }
    const before = await progressRevision(t.db, whole.id);
    const importFile = async (who: Trainee, file: ReturnType<typeof genericCsv>) => {
      const checked = await preview(who, file, GENERIC_MAPPING);
      expect(checked.rows.map((row) => row.errors)).toEqual(checked.rows.map(() => ({})));
      const mapping = JSON.stringify(GENERIC_MAPPING);
      const done = await send(IMPORT, who, file, { sha256: checked.sha256, mapping });
      expect(done.statusCode, done.body).toBe(201);
    };
    await importFile(whole, genericCsv(...rows));
    for (const row of rows) await importFile(oneByOne, genericCsv(row));

    const totalsOf = async (who: Trainee) => {
      const { kept, recomputed } = await totalsBothWays(t.db, who.id);
      expect(kept).toEqual(recomputed);
      return kept.map(({ trainee_id: _, ...totals }) => totals);
    };
    const kept = await totalsOf(whole);
    expect(kept).toEqual(await totalsOf(oneByOne));
    expect(kept.map((row) => [row.month, row.experience_type_id, row.logs])).toEqual([
      ['2026-02', 1, 2],
      ['2026-02', 2, 1],
      ['2026-03', 1, 2],
      ['2026-03', 2, 1],
    ]);
    const after = await progressRevision(t.db, whole.id);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });
});

describe('errors in the log form’s words', () => {
  it('reports each row’s errors, overlaps with existing logs and with other rows, and a signed month', async () => {
    const who = await trainee();
    await createLog(who, { date_of_experience: '2026-03-05' });
    await t.db.insert(monthSignoffs).values({
      traineeId: who.id,
      supervisorUserId: supervisor.id,
      traineeSupervisorId: who.recordId,
      month: '2026-02',
      signedAt: new Date('2026-03-01T10:00:00Z'),
    });
    const file = genericCsv(
      genericRow('2026-03-05', '10:00', '11:00'),
      genericRow('2026-03-06', '10:00', '12:00'),
      genericRow('2026-03-06', '11:00', '13:00'),
      genericRow('2026-02-10', '10:00', '11:00'),
      genericRow('2026-02-30', '10:00', '11:00'),
      genericRow('yesterday', '25:00', '09:00', { supervisor: 'Someone Else', tasks: '' }),
      genericRow('2026-03-07', '12:00', '10:00', { notes: 'x'.repeat(100_000) }),
    );
    const checked = await preview(who, file, GENERIC_MAPPING);
    expect(checked.counts).toEqual({ rows: 7, valid: 1, invalid: 6 });
    const errorsOf = (line: number) => checked.rows.find((row) => row.line === line)?.errors;
    expect(errorsOf(2)).toEqual({
      time_of_expereince_start: [
        overlapMessage({ date: '2026-03-05', startMinutes: 540, endMinutes: 720 }),
      ],
    });
    expect(errorsOf(3)).toEqual({});
    expect(errorsOf(4)).toEqual({
      time_of_expereince_start: ['This entry overlaps row 3 of this file (3/6/2026, 10:00–12:00).'],
    });
    expect(errorsOf(5)).toEqual({
      date_of_experience: [
        signedMonthMessage(
          { month: '2026-02', traineeSupervisorId: who.recordId, signedBy: supervisor.name },
          [],
        ),
      ],
    });
    expect(errorsOf(6)).toEqual({ date_of_experience: ['⋆Invalid date'] });
    expect(errorsOf(7)).toMatchObject({
      date_of_experience: ['⋆Invalid date'],
      time_of_expereince_start: ['⋆Invalid time'],
      supervisor: [NOT_OWN_SUPERVISOR],
      task: ['⋆Required'],
    });
    expect(errorsOf(8)).toMatchObject({
      time_of_expereince_end: ['End time must be after start time'],
      experience_note: ['Must be at most 5000 characters'],
    });
    expect(checked.rows.find((row) => row.line === 8)?.notes).toHaveLength(5001);

    // All or nothing: the one good row is not stored either.
    const before = await logCount(who.id);
    const refused = await send(IMPORT, who, file, {
      sha256: checked.sha256,
      mapping: JSON.stringify(GENERIC_MAPPING),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ non_field_errors: string[] }>().non_field_errors[0]).toBe(
      IMPORT_MESSAGES.hasErrors,
    );
    expect(await logCount(who.id)).toBe(before);
  });

  it('refuses a row only in a month its own supervisor’s structure signed off (issue 38)', async () => {
    const who = await trainee();
    const lee = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: who.token,
      payload: { name: 'Lee', lastname: 'Park', email: 'lee.signed@example.com' },
    });
    expect(lee.statusCode, lee.body).toBe(201);
    const signoff = {
      traineeId: who.id,
      supervisorUserId: supervisor.id,
      traineeSupervisorId: who.recordId,
      month: '2026-02',
      signedAt: new Date('2026-03-01T10:00:00Z'),
    };
    await t.db.insert(monthSignoffs).values(signoff);
    const file = genericCsv(
      genericRow('2026-02-10', '10:00', '11:00'),
      genericRow('2026-02-11', '10:00', '11:00', { supervisor: 'Lee Park' }),
    );
    const checked = await preview(who, file, GENERIC_MAPPING);
    expect(checked.counts).toEqual({ rows: 2, valid: 1, invalid: 1 });
    expect(checked.rows.map((row) => row.errors)).toEqual([
      { date_of_experience: [signedMonthMessage({ ...signoff, signedBy: supervisor.name }, [])] },
      {},
    ]);
  });

  it('checks again at the import: a log saved since the preview stops the whole file', async () => {
    const who = await trainee();
    const file = genericCsv(
      genericRow('2026-03-10', '09:00', '10:00'),
      genericRow('2026-03-11', '09:00', '10:00'),
    );
    const checked = await preview(who, file, GENERIC_MAPPING);
    expect(checked.counts.valid).toBe(2);
    await createLog(who, { date_of_experience: '2026-03-11' });
    const refused = await send(IMPORT, who, file, {
      sha256: checked.sha256,
      mapping: JSON.stringify(GENERIC_MAPPING),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ non_field_errors: string[] }>().non_field_errors).toContain(
      `Line 3 of the file: ${overlapMessage({ date: '2026-03-11', startMinutes: 540, endMinutes: 720 })}`,
    );
    expect(await logCount(who.id)).toBe(1);
  });

  it('warns, row by row, of hours dated before the supervision contract (Handbook "Starting Fieldwork"), and stores them', async () => {
    const who = await trainee();
    await contractOnRecord(t.db, {
      traineeId: who.id,
      record: who.recordId,
      startsOn: '2026-03-10',
    });
    const file = genericCsv(
      genericRow('2026-03-09', '09:00', '10:00'),
      genericRow('2026-03-10', '09:00', '10:00'),
    );
    const previewed = await preview(who, file, GENERIC_MAPPING);
    expect(previewed.counts).toEqual({ rows: 2, valid: 2, invalid: 0 });
    expect(previewed.rows.map((row) => row.warnings)).toEqual([
      [
        'This entry is dated before the supervision contract with Dana Reyes was signed by everyone (3/10/2026): it will not count (Handbook, "Starting Fieldwork").',
      ],
      [],
    ]);
  });

  it('refuses rows naming a supervisor whose access the trainee ended, as the log form does, at the preview and again at the import', async () => {
    const who = await trainee();
    const current = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: who.token,
      payload: { name: 'Lee', lastname: 'Park', email: 'lee.import@example.com' },
    });
    expect(current.statusCode, current.body).toBe(201);
    const file = genericCsv(
      genericRow('2026-03-12', '09:00', '10:00'),
      genericRow('2026-03-12', '10:00', '11:00', { supervisor: 'Lee Park' }),
    );
    const previewed = await preview(who, file, GENERIC_MAPPING);
    expect(previewed.counts).toEqual({ rows: 2, valid: 2, invalid: 0 });
    // Dana's access ends after the preview: the log form refuses her record from now on.
    const ended = await t.request({
      method: 'POST',
      url: `/api/v1/trainee-supervisors/${who.recordId}/end-access/`,
      token: who.token,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const viaForm = await t.request({
      method: 'POST',
      url: '/api/v1/experience-log/',
      token: who.token,
      payload: createLogPayload({
        supervisor: who.recordId,
        trainee_supervisor: who.recordId,
        date_of_experience: '2026-03-13',
      }),
    });
    expect(viaForm.statusCode).toBe(400);
    expect(viaForm.json()).toMatchObject({ supervisor: [FORMER_SUPERVISOR] });

    const refused = await send(IMPORT, who, file, {
      sha256: previewed.sha256,
      mapping: JSON.stringify(GENERIC_MAPPING),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: [IMPORT_MESSAGES.hasErrors, `Line 2 of the file: ${FORMER_SUPERVISOR}`],
    });
    expect(await logCount(who.id)).toBe(0);
    const again = await preview(who, file, GENERIC_MAPPING);
    expect(again.counts).toEqual({ rows: 2, valid: 1, invalid: 1 });
    expect(again.rows.map((row) => row.errors)).toEqual([{ supervisor: [FORMER_SUPERVISOR] }, {}]);
  });

  it('refuses a file other than the one previewed', async () => {
    const who = await trainee();
    const checked = await preview(
      who,
      genericCsv(genericRow('2026-03-10', '09:00', '10:00')),
      GENERIC_MAPPING,
    );
    const other = genericCsv(genericRow('2026-03-12', '09:00', '10:00'));
    const refused = await send(IMPORT, who, other, {
      sha256: checked.sha256,
      mapping: JSON.stringify(GENERIC_MAPPING),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ file: [IMPORT_MESSAGES.changed] });
    expect(await logCount(who.id)).toBe(0);
  });
});

describe('hostile and broken files', () => {
  it('reads Windows-1252 text and UTF-16 with its mark', async () => {
    const who = await trainee();
    const text = [
      GENERIC_HEADER,
      genericRow('2026-03-13', '09:00', '10:00', { notes: 'Sesión con la señora Núñez' }),
    ].join('\r\n');
    const latin = await preview(
      who,
      { name: 'latin.csv', bytes: Buffer.from(text, 'latin1') },
      GENERIC_MAPPING,
    );
    expect(latin.rows[0]?.notes).toBe('Sesión con la señora Núñez');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const wide = await preview(who, { name: 'wide.csv', bytes: utf16 }, GENERIC_MAPPING);
    expect(wide.rows[0]?.notes).toBe('Sesión con la señora Núñez');
  });

  it('refuses binaries, empty files, files too large and too many rows, with a clear message', async () => {
    const who = await trainee();
    const cases: [Buffer, number, unknown][] = [
      [
        Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]),
        400,
        { file: [IMPORT_MESSAGES.notSpreadsheet] },
      ],
      [Buffer.from(GENERIC_HEADER), 400, { file: [IMPORT_MESSAGES.noRows] }],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 400, { file: [IMPORT_MESSAGES.unreadable] }],
      [
        Buffer.from(
          [
            GENERIC_HEADER,
            ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => '2026-03-01,09:00,10:00'),
          ].join('\n'),
        ),
        400,
        { file: [IMPORT_MESSAGES.tooManyRows] },
      ],
      [
        Buffer.alloc(11 * 1024 * 1024, 'a'),
        413,
        { detail: IMPORT_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' },
      ],
    ];
    for (const [bytes, status, body] of cases) {
      const response = await send(PREVIEW, who, { name: 'x.csv', bytes });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual(body);
    }
    const badMapping = await send(
      PREVIEW,
      who,
      genericCsv(genericRow('2026-03-01', '09:00', '10:00')),
      { mapping: '{"date":"Day","evil":"x"}' },
    );
    expect(badMapping.statusCode).toBe(400);
    expect(await logCount(who.id)).toBe(0);
  });

  it('refuses a zip bomb (1 MB declaring 4 KB, inflating to 1 GiB) with a 400, the server’s memory untouched', async () => {
    const who = await trainee();
    const bomb = await xlsxBomb({ declaredBytes: 4096, inflatedBytes: 1024 ** 3 });
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    resetPeakRss();
    const before = peakRssBytes();
    const started = performance.now();
    const response = await send(PREVIEW, who, { name: 'hours.xlsx', bytes: bomb });
    const seconds = (performance.now() - started) / 1000;
    const riseMb = (peakRssBytes() - before) / 1024 / 1024;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [IMPORT_MESSAGES.unreadable] });
    // The spreadsheet is read in a child process with its own limits: this process holds the
    // upload and the answer, never the inflated sheet (before issue 27: +1,065 MB).
    expect(riseMb).toBeLessThan(SPREADSHEET_LIMITS.maxUnpackedBytes / 1024 / 1024);
    process.stdout.write(
      `zip bomb: 400 in ${seconds.toFixed(2)} s, peak RSS +${riseMb.toFixed(0)} MB\n`,
    );
    expect(await logCount(who.id)).toBe(0);
  });

  it('refuses files of too many columns (a header of 1,000,000 or 5,000 over 10,000 rows, an XLSX 16,384 wide) with a 400, answering meanwhile, its memory untouched', async () => {
    // Issue 36: each row was padded to the header's width on the event loop (the first file ran
    // the server out of heap after ~80 s; the second held the event loop for 8 s).
    const who = await createTrainee(t.db, { dateJoined: new Date('2026-03-18T00:00:00Z') });
    const header = (columns: number) => `${'a,'.repeat(columns - 1)}a\n`;
    const million = Buffer.from(header(1_000_000) + '1\n'.repeat(10_000));
    expect(million.length).toBeGreaterThan(2_000_000);
    const fiveThousand = Buffer.from(header(5_000) + '1\n'.repeat(9_999));
    expect(fiveThousand.length).toBeLessThan(31_000);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Wide');
    sheet.addRow(Array.from({ length: 16_384 }, () => 'a'));
    for (let row = 0; row < 10_000; row += 1) sheet.addRow(['1']);
    const wideXlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const files: [string, Buffer][] = [
      ['million.csv', million],
      ['five-thousand.csv', fiveThousand],
      ['wide.xlsx', wideXlsx],
    ];
    expect(IMPORT_MESSAGES.tooManyColumns).toContain(`at most ${IMPORT_MAX_COLUMNS}`);
    for (const [name, bytes] of files) {
      resetPeakRss();
      const before = peakRssBytes();
      const { response, answeredMeanwhile } = await whileCheckingHealth(() =>
        send(PREVIEW, who, { name, bytes }),
      );
      const riseMb = (peakRssBytes() - before) / 1024 / 1024;
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ file: [IMPORT_MESSAGES.tooManyColumns] });
      // The file is parsed in a child process: the server answers other requests meanwhile
      // (tens of health checks; when rows were padded in the server, one, before the parse began).
      expect(answeredMeanwhile, name).toBeGreaterThanOrEqual(10);
      expect(riseMb, name).toBeLessThan(100);
      expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const confirm = await send(
      IMPORT,
      who,
      { name: 'five-thousand.csv', bytes: fiveThousand },
      { sha256: '0'.repeat(64) },
    );
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toEqual({ file: [IMPORT_MESSAGES.tooManyColumns] });
    expect(await logCount(who.id)).toBe(0);
  });

  it('limits each trainee’s previews and imports (429 with Retry-After), not the next trainee’s', async () => {
    const who = await trainee();
    const file = genericCsv(genericRow('2026-03-01', '09:00', '10:00'));
    for (let sent = 0; sent < RATE_LIMITS.import.limit; sent += 1) {
      expect((await send(PREVIEW, who, file)).statusCode).toBe(200);
    }
    const refused = await send(PREVIEW, who, file);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(IMPORT, who, file, { sha256: '0'.repeat(64) })).statusCode).toBe(429);
    const next = await trainee();
    expect((await send(PREVIEW, next, file)).statusCode).toBe(200);
  });
});

describe('who may import', () => {
  it('imports into the caller’s own logs only, with their own supervisors', async () => {
    const owner = await trainee();
    const other = await createTrainee(t.db);
    await createLog(owner, { date_of_experience: '2026-03-16' });
    // Another trainee: the owner's supervisor record is not theirs, the owner's log is no overlap.
    const checked = await preview(
      other,
      genericCsv(genericRow('2026-03-16', '09:00', '12:00')),
      GENERIC_MAPPING,
    );
    expect(checked.rows[0]?.errors).toEqual({ supervisor: [NOT_OWN_SUPERVISOR] });
    // A supervisor may not import at all.
    const asSupervisor = await send(
      PREVIEW,
      supervisor,
      genericCsv(genericRow('2026-03-16', '09:00', '12:00')),
    );
    expect(asSupervisor.statusCode).toBe(403);
    const anonymous = await send(
      PREVIEW,
      { token: '' },
      genericCsv(genericRow('2026-03-16', '09:00', '12:00')),
    );
    expect(anonymous.statusCode).toBe(401);
    expect(await logCount(other.id)).toBe(0);
    expect(await logCount(owner.id)).toBe(1);
  });

  it('refuses a trainee whose trial is over (402), and stores nothing', async () => {
    const lapsed = await createTrainee(t.db, { dateJoined: new Date('2026-03-01T00:00:00Z') });
    const file = genericCsv(genericRow('2026-03-16', '09:00', '12:00'));
    for (const url of [PREVIEW, IMPORT]) {
      const response = await send(url, lapsed, file, {
        mapping: JSON.stringify(GENERIC_MAPPING),
        sha256: '0'.repeat(64),
      });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({
        detail: PAYWALL_MESSAGES.trial_expired,
        code: 'SUBSCRIPTION_REQUIRED',
      });
    }
    expect(await logCount(lapsed.id)).toBe(0);
    const [history] = await t.db
      .select({ n: count() })
      .from(logHistory)
      .innerJoin(experienceLogs, eq(experienceLogs.id, logHistory.logId))
      .where(and(eq(experienceLogs.traineeId, lapsed.id), eq(logHistory.action, 'import')));
    expect(history?.n).toBe(0);
  });
});
