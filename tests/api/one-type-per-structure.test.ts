import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, logHistory } from '../../src/server/db/schema';
import { IMPORT_MESSAGES, type ImportPreview } from '../../src/shared/import/import.schema';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import type { LogEntryWire } from '../../src/shared/logs/log-entry.schema';
import { LOG_MESSAGES } from '../../src/shared/logs/log-messages';
import { createTrainee, type TestUser } from '../helpers/factories';
import { GENERIC_HEADER, GENERIC_MAPPING } from '../helpers/import-fixtures';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from './files-support';

/*
 * BCBA Handbook, "Number of Hours by Fieldwork Type": "Hours can only be accrued under one
 * fieldwork type per month, per supervision structure". The log form (create, keyed create,
 * edit, restore) and the import refuse a log that would mix the types of a structure's month.
 */

let t: TestApp;
const url = '/api/v1/experience-log/';
type Log = { id: number; expereince_type: number; date_of_experience: string };

const held = (structure: string, type: 1 | 2, month = '2026-03') =>
  LOG_MESSAGES.oneTypePerStructure({ month, structure, type });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T15:00:00Z');
});
afterAll(async () => t.close());

/** A trainee of their own, with a supervisor record per entry of `records` (by name). */
async function traineeWith(
  records: Record<string, { name: string; lastname: string; organization?: string }>,
) {
  const user = await createTrainee(t.db);
  const ids: Record<string, number> = {};
  for (const [key, record] of Object.entries(records)) {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: user.token,
      payload: { ...record, email: `${key}.${user.id}@example.com` },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[key] = response.json<{ id: number }>().id;
  }
  return { ...user, records: ids };
}

const DANA = { name: 'Dana', lastname: 'Reyes' };
const SAM = { name: 'Sam', lastname: 'Ortiz' };

function post(
  user: TestUser,
  recordId: number | undefined,
  overrides: Partial<LogEntryWire> = {},
  key?: string,
) {
  return t.request({
    method: 'POST',
    url,
    token: user.token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: createLogPayload({ supervisor: recordId, trainee_supervisor: recordId, ...overrides }),
  });
}

async function created(user: TestUser, recordId: number | undefined, overrides = {}) {
  const response = await post(user, recordId, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Log>();
}

async function liveLogs(traineeId: number) {
  return t.db
    .select({ id: experienceLogs.id, type: experienceLogs.experienceTypeId })
    .from(experienceLogs)
    .where(and(eq(experienceLogs.traineeId, traineeId), isNull(experienceLogs.deletedAt)))
    .orderBy(experienceLogs.id);
}

const row = (date: string, supervisor: string, type = 'Supervised') =>
  [
    date,
    '09:00',
    '10:00',
    type,
    supervisor,
    'Supervised',
    'Individual',
    'Unrestricted',
    'Clinic',
    'In Person',
    'Yes',
    'Individual meeting',
    'A.1',
    'Imported',
  ].join(',');

async function sendFile(path: string, who: TestUser, rows: string[], sha256?: string) {
  const bytes = Buffer.from([GENERIC_HEADER, ...rows].join('\r\n'), 'utf8');
  const fields = {
    mapping: JSON.stringify(GENERIC_MAPPING),
    ...(sha256 === undefined ? {} : { sha256 }),
  };
  const body = await multipart(fields, [
    { name: 'hours.csv', bytes, type: 'text/csv', field: 'file' },
  ]);
  return t.request({ method: 'POST', url: path, token: who.token, ...body });
}

async function importFile(who: TestUser, rows: string[]) {
  const preview = await sendFile('/api/v1/import/preview/', who, rows);
  expect(preview.statusCode, preview.body).toBe(200);
  return sendFile('/api/v1/import/', who, rows, preview.json<ImportPreview>().sha256);
}

describe('the log form (Handbook "Number of Hours by Fieldwork Type")', () => {
  it('refuses a concentrated log in a month that holds supervised fieldwork with that supervisor, writing nothing', async () => {
    const who = await traineeWith({ dana: DANA });
    const first = await created(who, who.records.dana);
    const refused = await post(who, who.records.dana, {
      expereince_type: 2,
      date_of_experience: '2026-03-06',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ expereince_type: [held('Dana Reyes', 1)] });
    expect(await liveLogs(who.id)).toEqual([{ id: first.id, type: 1 }]);
  });

  it('refuses it with an Idempotency-Key too, and leaves the key unused', async () => {
    const who = await traineeWith({ dana: DANA });
    await created(who, who.records.dana, { expereince_type: 2 });
    const key = randomUUID();
    const refused = await post(who, who.records.dana, { date_of_experience: '2026-03-09' }, key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ expereince_type: [held('Dana Reyes', 2)] });
    expect(await liveLogs(who.id)).toHaveLength(1);
    // Nothing kept the key: the corrected entry is a new log.
    const corrected = await post(
      who,
      who.records.dana,
      { date_of_experience: '2026-03-09', expereince_type: 2 },
      key,
    );
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('refuses a supervisor named again by email inline when their month holds the other type', async () => {
    const who = await traineeWith({ dana: DANA });
    await created(who, who.records.dana);
    const refused = await post(who, undefined, {
      supervisor: null,
      trainee_supervisor: null,
      newSupervisor: 'Dana Reyes',
      newSupervisorEmail: `dana.${who.id}@example.com`,
      expereince_type: 2,
      date_of_experience: '2026-03-06',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ expereince_type: [held('Dana Reyes', 1)] });
    expect(await liveLogs(who.id)).toHaveLength(1);
  });

  it('allows the other type with another supervisor of one’s own (another structure) and in another month', async () => {
    const who = await traineeWith({ dana: DANA, sam: SAM });
    await created(who, who.records.dana);
    await created(who, who.records.sam, { expereince_type: 2, date_of_experience: '2026-03-06' });
    await created(who, who.records.dana, { expereince_type: 2, date_of_experience: '2026-02-06' });
    expect((await liveLogs(who.id)).map((log) => log.type)).toEqual([1, 2, 2]);
  });

  it('pools an organization: the other type with another supervisor there is refused, naming the organization', async () => {
    const who = await traineeWith({
      rhea: { name: 'Rhea', lastname: 'Rowan', organization: 'Acme ABA' },
      lee: { name: 'Lee', lastname: 'Park', organization: ' acme  aba ' },
    });
    await created(who, who.records.rhea, { expereince_type: 2 });
    const refused = await post(who, who.records.lee, { date_of_experience: '2026-03-06' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ expereince_type: [held('Acme ABA', 2)] });
    await created(who, who.records.lee, { expereince_type: 2, date_of_experience: '2026-03-06' });
  });

  it('refuses an edit to the other type while another log of the month keeps its own, and changes nothing', async () => {
    const who = await traineeWith({ dana: DANA });
    const first = await created(who, who.records.dana);
    const second = await created(who, who.records.dana, { date_of_experience: '2026-03-06' });
    const edit = (id: number, overrides: Partial<LogEntryWire>) =>
      t.request({
        method: 'PUT',
        url: `${url}${id}/`,
        token: who.token,
        payload: createLogPayload({
          supervisor: who.records.dana,
          trainee_supervisor: who.records.dana,
          ...overrides,
        }),
      });
    const refused = await edit(second.id, { expereince_type: 2, date_of_experience: '2026-03-06' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ expereince_type: [held('Dana Reyes', 1)] });
    expect(await liveLogs(who.id)).toEqual([
      { id: first.id, type: 1 },
      { id: second.id, type: 1 },
    ]);
    const history = await t.db.select().from(logHistory).where(eq(logHistory.logId, second.id));
    expect(history.map((entry) => entry.action)).toEqual(['create']);

    // Moved to February, it is the month's only log: its type may change with it.
    const moved = await edit(second.id, { expereince_type: 2, date_of_experience: '2026-02-06' });
    expect(moved.statusCode, moved.body).toBe(200);
    // Moved back into March as concentrated, it would mix the month again.
    const back = await edit(second.id, { expereince_type: 2, date_of_experience: '2026-03-07' });
    expect(back.json()).toEqual({ expereince_type: [held('Dana Reyes', 1)] });
    // The month's only log changes its type.
    const only = await edit(first.id, { expereince_type: 2 });
    expect(only.statusCode, only.body).toBe(200);
    expect(only.json<Log>().expereince_type).toBe(2);
  });

  it('ignores deleted logs, and refuses to restore one into a month of the other type', async () => {
    const who = await traineeWith({ dana: DANA });
    const supervised = await created(who, who.records.dana);
    const deleted = await t.request({
      method: 'DELETE',
      url: `${url}${supervised.id}/`,
      token: who.token,
    });
    expect(deleted.statusCode).toBe(204);
    await created(who, who.records.dana, { expereince_type: 2, date_of_experience: '2026-03-06' });
    const restored = await t.request({
      method: 'POST',
      url: `${url}${supervised.id}/restore/`,
      token: who.token,
    });
    expect(restored.statusCode).toBe(409);
    expect(restored.json()).toEqual({ detail: held('Dana Reyes', 2), code: 'CONFLICT' });
    expect((await liveLogs(who.id)).map((log) => log.type)).toEqual([2]);
  });
});

describe('whose logs count (the wrong user)', () => {
  it('never lets another trainee’s logs make a conflict, even under the same organization name', async () => {
    const other = await traineeWith({
      dana: DANA,
      acme: { name: 'Rhea', lastname: 'Rowan', organization: 'Acme ABA' },
    });
    await created(other, other.records.dana, { expereince_type: 2 });
    await created(other, other.records.acme, {
      expereince_type: 2,
      date_of_experience: '2026-03-06',
    });
    const who = await traineeWith({
      dana: DANA,
      acme: { name: 'Lee', lastname: 'Park', organization: 'Acme ABA' },
    });
    await created(who, who.records.dana);
    await created(who, who.records.acme, { date_of_experience: '2026-03-06' });
    expect(
      await importFile(who, [row('2026-03-10', 'Dana Reyes'), row('2026-03-11', 'Lee Park')]),
    ).toMatchObject({ statusCode: 201 });
    expect((await liveLogs(other.id)).map((log) => log.type)).toEqual([2, 2]);
  });

  it('answers 404 to another trainee editing or restoring a log, and refuses their supervisor record', async () => {
    const owner = await traineeWith({ dana: DANA });
    const log = await created(owner, owner.records.dana);
    const stranger = await traineeWith({ dana: DANA });
    const edit = await t.request({
      method: 'PUT',
      url: `${url}${log.id}/`,
      token: stranger.token,
      payload: createLogPayload({
        supervisor: stranger.records.dana,
        trainee_supervisor: stranger.records.dana,
        expereince_type: 2,
      }),
    });
    expect(edit.statusCode).toBe(404);
    const restore = await t.request({
      method: 'POST',
      url: `${url}${log.id}/restore/`,
      token: stranger.token,
    });
    expect(restore.statusCode).toBe(404);
    // The owner's record is not the stranger's: no structure of theirs, no type check by it.
    const borrowed = await post(stranger, owner.records.dana, { expereince_type: 2 });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toEqual({ supervisor: ['Choose one of your supervisors'] });
  });
});

describe('the import (Handbook "Number of Hours by Fieldwork Type")', () => {
  it('refuses, row by row, a row mixing a structure’s month with existing logs or with earlier rows, and stores none of the file', async () => {
    const who = await traineeWith({ dana: DANA, sam: SAM });
    await created(who, who.records.dana, { date_of_experience: '2026-03-02' });
    const rows = [
      row('2026-03-10', 'Dana Reyes', 'Concentrated'),
      row('2026-03-10', 'Sam Ortiz', 'Concentrated').replace('09:00,10:00', '11:00,12:00'),
      row('2026-03-11', 'Sam Ortiz'),
      row('2026-03-12', 'Dana Reyes'),
    ];
    const preview = await sendFile('/api/v1/import/preview/', who, rows);
    expect(preview.statusCode, preview.body).toBe(200);
    const checked = preview.json<ImportPreview>();
    expect(checked.rows.map((line) => [line.line, line.errors])).toEqual([
      [2, { expereince_type: [held('Dana Reyes', 1)] }],
      [3, {}],
      [4, { expereince_type: [held('Sam Ortiz', 2)] }],
      [5, {}],
    ]);
    expect(checked.counts).toEqual({ rows: 4, valid: 2, invalid: 2 });

    const refused = await sendFile('/api/v1/import/', who, rows, checked.sha256);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: [
        IMPORT_MESSAGES.hasErrors,
        `Line 2 of the file: ${held('Dana Reyes', 1)}`,
        `Line 4 of the file: ${held('Sam Ortiz', 2)}`,
      ],
    });
    expect(await liveLogs(who.id)).toHaveLength(1);
  });

  it('checks again at the import: a log of the other type saved since the preview stops the file', async () => {
    const who = await traineeWith({ dana: DANA });
    const rows = [row('2026-03-10', 'Dana Reyes', 'Concentrated')];
    const preview = await sendFile('/api/v1/import/preview/', who, rows);
    const checked = preview.json<ImportPreview>();
    expect(checked.counts.valid).toBe(1);
    // On the 1st: outside the file's dates, inside its month.
    await created(who, who.records.dana, { date_of_experience: '2026-03-01' });
    const refused = await sendFile('/api/v1/import/', who, rows, checked.sha256);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ non_field_errors: string[] }>().non_field_errors).toContain(
      `Line 2 of the file: ${held('Dana Reyes', 1)}`,
    );
    expect(await liveLogs(who.id)).toHaveLength(1);
  });
});
