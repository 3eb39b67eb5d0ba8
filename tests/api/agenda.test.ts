import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_SECTIONS, AGENDA_TITLE } from '../../src/server/features/agenda/agenda-pdf';
import { readPdfText } from '../../src/server/adapters/pdf/pdf-text';
import { NOT_YOUR_RECORD } from '../../src/server/features/agenda/agenda.service';
import { AGENDA_MESSAGES } from '../../src/shared/agenda/agenda.schema';
import { createAgendaPayload } from '../../src/shared/agenda/agenda.factory';
import { createLogPayload } from '../../src/shared/logs/log-entry.factory';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The supervision contact agenda (SPEC §2, §3 "Monthly document data", §7 monthy-log): a linked
 * supervisor writes it, the trainee reads it and downloads it as a PDF drawn on the server.
 */

const PATH = '/api/v1/monthy-log/';
const NOTE = 'Zoë – ✓ graphs read well';

let t: TestApp;
let trainee: TestUser;
let otherTrainee: TestUser;
let supervisor: TestUser;
let coSupervisor: TestUser;
let stranger: TestUser;
let recordId: number;
let otherRecordId: number;

/** The trainee's record of a supervisor account, linked: the supervisor accepted the trainee. */
async function addRecord(user: TestUser, name: string, account: TestUser): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: user.token,
    payload: { name, lastname: 'Reyes', email: account.email },
  });
  expect(response.statusCode, response.body).toBe(201);
  await answerRequestFrom(t, account, user.email);
  return response.json<{ id: number }>().id;
}

const agenda = (overrides: Record<string, unknown> = {}) =>
  createAgendaPayload(trainee.id, { superviseeFeedback: NOTE, ...overrides });

const write = (user: TestUser, payload: object) =>
  t.request({ method: 'POST', url: PATH, token: user.token, payload });
const get = (user: TestUser | null, url: string) =>
  t.request({ method: 'GET', url, ...(user ? { token: user.token } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-03-20T12:00:00Z');
  trainee = await createTrainee(t.db, { name: 'Zoë Ångström' });
  otherTrainee = await createTrainee(t.db);
  supervisor = await createSupervisor(t.db, { name: 'Dana Reyes' });
  coSupervisor = await createSupervisor(t.db, { name: 'Kim Lee' });
  stranger = await createSupervisor(t.db);
  recordId = await addRecord(trainee, 'Dana', supervisor);
  await addRecord(trainee, 'Kim', coSupervisor);
  otherRecordId = await addRecord(otherTrainee, 'Dana', supervisor);
  // Three hours in February and three in March: the two accrued tables differ.
  for (const date of ['2026-02-16', '2026-03-02']) {
    const log = await t.request({
      method: 'POST',
      url: '/api/v1/experience-log/',
      token: trainee.token,
      payload: createLogPayload({
        supervisor: recordId,
        trainee_supervisor: recordId,
        date_of_experience: date,
      }),
    });
    expect(log.statusCode, log.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('POST /api/v1/monthy-log/', () => {
  it('lets a linked supervisor write a trainee’s agenda, and answers its id', async () => {
    const response = await write(supervisor, agenda());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number) });
  });

  it('replaces the supervisor’s agenda of the same date rather than adding one', async () => {
    const first = await write(supervisor, agenda({ date: '2026-03-03', format: 'Virtual' }));
    const again = await write(supervisor, agenda({ date: '2026-03-03', format: 'In Person' }));
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const list = await get(trainee, `${PATH}?start_date=2026-03-03&end_date=2026-03-03`);
    expect(list.json<{ results: { format: string }[] }>().results.map((d) => d.format)).toEqual([
      'In Person',
    ]);
  });

  it('refuses a trainee (the agenda is read-only for them) and anyone signed out', async () => {
    expect((await write(trainee, agenda())).statusCode).toBe(403);
    const anonymous = await t.request({ method: 'POST', url: PATH, payload: agenda() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not let a supervisor write for a trainee who does not name them', async () => {
    const response = await write(stranger, agenda());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers bad fields as arrays of messages keyed by field', async () => {
    const response = await write(supervisor, agenda({ date: '2026-02-30', startTime: '9am' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      date: ['⋆Invalid date'],
      startTime: [AGENDA_MESSAGES.time],
    });
    const backwards = await write(supervisor, agenda({ endTime: '08:00' }));
    expect(backwards.json()).toEqual({ endTime: [AGENDA_MESSAGES.endBeforeStart] });
  });

  it('refuses a supervisor record that is not the writer’s in this trainee’s list', async () => {
    const response = await write(supervisor, agenda({ supervisor: otherRecordId }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ supervisor: [NOT_YOUR_RECORD] });
  });
});

describe('GET /api/v1/monthy-log/', () => {
  type Listed = {
    id: number;
    date: string;
    supervisor: number;
    supervisor_name: string;
    iso_week: string;
  };
  const results = async (user: TestUser, query: string) => {
    const response = await get(user, `${PATH}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ results: Listed[] }>().results;
  };

  it('gives the trainee their agendas of the range with the week to pick one by', async () => {
    await write(coSupervisor, agenda({ date: '2026-04-02' }));
    const march = await results(trainee, '?start_date=2026-03-01&end_date=2026-03-31');
    expect(march.map((d) => [d.date, d.iso_week, d.supervisor_name, d.supervisor])).toEqual([
      ['2026-03-03', '2026-W10', 'Dana Reyes', recordId],
      ['2026-03-12', '2026-W11', 'Dana Reyes', recordId],
    ]);
    expect((await results(trainee, '')).map((d) => d.date)).toEqual([
      '2026-03-03',
      '2026-03-12',
      '2026-04-02',
    ]);
    expect(march[1]).toMatchObject({ superviseeFeedback: NOTE, tasks: [{ name: 'C.1' }] });
  });

  it('gives a supervisor, by u_id, only the agendas they wrote', async () => {
    expect((await results(supervisor, `?u_id=${trainee.id}`)).map((d) => d.date)).toEqual([
      '2026-03-03',
      '2026-03-12',
    ]);
    const missing = await get(supervisor, PATH);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ u_id: ['⋆Required'] });
  });

  it('hides other people’s agendas: 404 for another trainee or an unlinked supervisor', async () => {
    expect(await results(otherTrainee, '')).toEqual([]);
    expect((await get(otherTrainee, `${PATH}?u_id=${trainee.id}`)).statusCode).toBe(404);
    expect((await get(stranger, `${PATH}?u_id=${trainee.id}`)).statusCode).toBe(404);
    expect((await get(null, PATH)).statusCode).toBe(401);
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await get(trainee, `${PATH}?start_date=2026-03-31&end_date=2026-03-01`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['start_date']);
  });
});

describe('GET /api/v1/monthy-log/{id}/ and its PDF', () => {
  let id: number;
  beforeAll(async () => {
    const list = await get(trainee, `${PATH}?start_date=2026-03-12&end_date=2026-03-12`);
    id = list.json<{ results: { id: number }[] }>().results[0]?.id ?? 0;
  });

  it('shows the agenda with the accrued tables: all time, and its month', async () => {
    for (const user of [trainee, supervisor]) {
      const response = await get(user, `${PATH}${id}/`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<{
        month_label: string;
        accruedData: { total: { experience_hours: number }; weekly: { experience_hours: number } };
      }>();
      expect(detail.month_label).toBe('March 2026');
      expect(detail.accruedData.total.experience_hours).toBe(6);
      expect(detail.accruedData.weekly.experience_hours).toBe(3);
    }
  });

  it('hides the agenda from everyone else', async () => {
    for (const user of [otherTrainee, stranger, coSupervisor]) {
      expect((await get(user, `${PATH}${id}/`)).statusCode).toBe(404);
      expect((await get(user, `${PATH}${id}/pdf/`)).statusCode).toBe(404);
    }
    expect((await get(trainee, `${PATH}999999/pdf/`)).statusCode).toBe(404);
  });

  it('downloads a PDF drawn from the data, with its sections, the names and the note', async () => {
    const response = await get(trainee, `${PATH}${id}/pdf/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="supervision-contact-agenda-20260320-120000.pdf"; ' +
        "filename*=UTF-8''supervision-contact-agenda-20260320-120000.pdf",
    );
    const text = (await readPdfText(response.rawPayload)).flat().join('\n');
    for (const heading of [AGENDA_TITLE, ...AGENDA_SECTIONS]) expect(text).toContain(heading);
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain('Dana Reyes');
    expect(text).toContain(NOTE);
    expect(text).toContain('Month to Date (March 2026)');
  });

  it('stops showing a supervisor the agendas of a trainee they removed', async () => {
    const removed = await t.request({
      method: 'POST',
      url: '/api/v1/remove-user/',
      token: supervisor.token,
      payload: { u_id: trainee.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(supervisor, `${PATH}${id}/`)).statusCode).toBe(404);
    expect((await write(supervisor, agenda({ date: '2026-03-19' }))).statusCode).toBe(404);
    expect((await get(trainee, `${PATH}${id}/`)).statusCode).toBe(200);
  });
});
