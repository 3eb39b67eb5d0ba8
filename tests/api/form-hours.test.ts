import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceLogs, paperForms, recordFiles } from '../../src/server/db/schema';
import { openZip } from '../../src/server/adapters/zip/zip-reader';
import type { AtRisk } from '../../src/shared/at-risk/at-risk.schema';
import { WHOLE_RECORD_PATH } from '../../src/shared/records-export/whole-record';
import type { RecordFilesAnswer } from '../../src/shared/files/record-file.schema';
import type { PaperForm, PaperFormsAnswer } from '../../src/shared/forms/paper-form.schema';
import type { Dashboard, DashboardTable } from '../../src/shared/progress/accrued.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { pdfBytes } from '../helpers/file-fixtures';
import { insertDailyLogs } from '../helpers/log-factory';
import { followDownload, multipart } from './files-support';
import {
  approveLogs,
  dropTemplate,
  filled,
  formsWorld,
  linkSupervisor,
  list,
  sign,
  type FormsWorld,
} from './forms-support';
import { storedCopyOf } from '../helpers/stored-pdf';

/*
 * Issue 26 part 7 "The hours a form verifies" (decision 024): a late form costs the hours on
 * that form only; a month past its deadline with no signed form has its hours at risk, apart
 * from the hours that count, until a paper form signed on time is recorded.
 */

const TODAY = new Date('2026-11-28T12:00:00.000Z');
let w: FormsWorld;
let supervisorB: TestUser;
let recordB: number;
let pdf: Buffer;
/** What the app keeps of `pdf`: the upload check's copy. */
let stored: Buffer;

/** `days` logs of 5 h (1 h individually supervised, observed) from `firstDate`. */
const fiveHourDays = (recordId: number, firstDate: string, days: number) =>
  insertDailyLogs(w.t.db, {
    traineeId: w.trainee.id,
    traineeSupervisorId: recordId,
    firstDate,
    count: days,
    overrides: {
      endMinute: 840,
      experienceMinutes: 300,
      unrestrictedMinutes: 200,
      restrictedMinutes: 100,
      independentMinutes: 240,
    },
  });

async function signBoth(recordId: number, supervisor: TestUser, on: string) {
  w.t.clock.now = new Date(`${on}T15:00:00.000Z`);
  const form = await filled(w, {
    month: '2026-08',
    trainee_supervisor: recordId,
    expereince_type: 1,
  });
  expect((await sign(w, w.trainee, form.id)).statusCode).toBe(200);
  await approveLogs(w, '2026-08');
  expect((await sign(w, supervisor, form.id)).statusCode).toBe(200);
  w.t.clock.now = TODAY;
}

const get = async <T>(url: string, user: TestUser = w.trainee) => {
  const response = await w.t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const table = async () => (await get<DashboardTable>('/api/v1/dashboard-table-api/')).results;
const dashboard = () => get<Dashboard>('/api/v1/dashboard-api/');
const monthRow = async (month: string) => (await table()).find((row) => row.month === month);

async function postPaper(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type?: string } | null = { name: 'sept.pdf', bytes: pdf },
  user: TestUser = w.trainee,
) {
  const body = await multipart(fields, file ? [file] : []);
  return w.t.request({
    method: 'POST',
    url: '/api/v1/month-forms/paper/',
    token: user.token,
    ...body,
  });
}

const september = (overrides: Record<string, string> = {}) => ({
  month: '2026-09',
  trainee_supervisor: String(w.recordId),
  expereince_type: '1',
  signed_on: '2026-10-30',
  ...overrides,
});

async function rowCounts() {
  const [papers] = await w.t.db.select({ n: count() }).from(paperForms);
  const [files] = await w.t.db.select({ n: count() }).from(recordFiles);
  return { papers: papers?.n ?? 0, files: files?.n ?? 0 };
}

beforeAll(async () => {
  w = await formsWorld();
  pdf = await pdfBytes();
  stored = await storedCopyOf(pdf);
  await dropTemplate(w, 'mfvf-2022-individual');
  supervisorB = await createSupervisor(w.t.db, { name: 'Bo Berg' });
  recordB = await linkSupervisor(w.t, w.trainee, supervisorB, 'Bo', 'Berg');
  // August 2026: 25 h under A, 10 h under B. September 2026: 83 h under A, never signed.
  await fiveHourDays(w.recordId, '2026-08-03', 5);
  await fiveHourDays(recordB, '2026-08-10', 2);
  await insertDailyLogs(w.t.db, {
    traineeId: w.trainee.id,
    traineeSupervisorId: w.recordId,
    firstDate: '2026-09-01',
    count: 26,
  });
  await fiveHourDays(w.recordId, '2026-09-28', 1);
  // A's August form signed on time (deadline September 30), B's late.
  await signBoth(w.recordId, w.supervisor, '2026-09-20');
  await signBoth(recordB, supervisorB, '2026-10-05');
  w.t.clock.now = TODAY;
}, 60_000);

afterAll(async () => {
  await w.close();
});

describe('a late form costs the hours on that form, not the month', () => {
  it('counts 25 of August’s 35 h: B’s 10 h are lost, A’s count', async () => {
    const august = await monthRow('2026-08');
    expect(august).toMatchObject({ total_hours: 35, adjusted_hours: 25, at_risk_hours: 0 });
    expect(august?.removals).toEqual([
      {
        rule: 'form-signed-late',
        hours: 10,
        reason: 'monthly verification form with Bo Berg signed late: 10 hours lost',
        expereince_type: 1,
      },
    ]);
    const rows = (await list(w, w.trainee)).results.filter((row) => row.month === '2026-08');
    expect(rows.map((row) => [row.supervisor_name, row.state, row.lost_hours])).toEqual([
      ['Ana Núñez', 'signed', 0],
      ['Bo Berg', 'signed-late', 10],
    ]);
  });
});

describe('the M-FVF each supervisor signed in the app', () => {
  it('is in the record files of that supervisor only, as the form is (issue 36)', async () => {
    const signedFiles = async (user: TestUser) =>
      (
        await get<RecordFilesAnswer>(`/api/v1/record-files/?u_id=${w.trainee.id}`, user)
      ).monthly_form
        .flatMap((month) => month.files)
        .filter((file) => file.signed_in_app)
        .map((file) => [file.month, file.supervisor_name])
        .sort();
    expect(await signedFiles(w.trainee)).toEqual([
      ['2026-08', 'Ana Núñez'],
      ['2026-08', 'Bo Berg'],
    ]);
    expect(await signedFiles(w.supervisor)).toEqual([['2026-08', 'Ana Núñez']]);
    expect(await signedFiles(supervisorB)).toEqual([['2026-08', 'Bo Berg']]);
    const anaForm = (await list(w, w.trainee)).results.find(
      (row) => row.month === '2026-08' && row.trainee_supervisor === w.recordId,
    )?.form?.record_file;
    const download = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${anaForm ?? 0}/download/`,
      token: supervisorB.token,
    });
    expect(download.statusCode, download.body).toBe(404);
  });
});

describe('a month past its deadline with no signed form', () => {
  it('counts 0 of September’s 83 h and shows them at risk, with the reason', async () => {
    const row = await monthRow('2026-09');
    expect(row).toMatchObject({ total_hours: 83, adjusted_hours: 0, at_risk_hours: 83 });
    expect(row?.removals).toEqual([]);
    expect(row?.at_risk).toEqual([
      {
        hours: 83,
        reason:
          'no signed monthly form with Ana Núñez by 10/31/2026: 83 hours not counted until a signed form is recorded',
        expereince_type: 1,
      },
    ]);
    expect(await dashboard()).toMatchObject({ counted_hours: 25, at_risk_hours: 83 });
    const answer = await list(w, w.trainee);
    const form = answer.results.find((item) => item.month === '2026-09');
    expect(form).toMatchObject({ state: 'overdue', days_remaining: -28, at_risk_hours: 83 });
    // The dashboard's forms due lists it first, before the forms still due (issue 36).
    expect(answer.forms_due[0]).toMatchObject({ month: '2026-09', state: 'overdue' });
    expect(answer.forms_due.slice(1).every((row) => row.state === 'open')).toBe(true);
  });

  it('shows on the supervisor’s at-risk list, by the same rule', async () => {
    const answer = await get<AtRisk>('/api/v1/at-risk/', w.supervisor);
    const trainee = answer.trainees.find((item) => item.id === w.trainee.id);
    expect(trainee).toMatchObject({ hours_at_risk: 83, months_at_risk: ['2026-09'] });
  });
});

describe('POST /api/v1/month-forms/paper/: bad input writes nothing', () => {
  it.each<[string, Record<string, string>, 'pdf' | 'none' | 'text', string, string]>([
    [
      'a future signing date',
      { signed_on: '2026-11-29' },
      'pdf',
      'signed_on',
      'The signing date cannot be in the future.',
    ],
    [
      'a date before the month ended',
      { signed_on: '2026-09-30' },
      'pdf',
      'signed_on',
      'A form for September 2026 can only be signed once the month is over (from 2026-10-01).',
    ],
    ['no file', {}, 'none', 'document', 'Attach the signed form (PDF or image).'],
    [
      'a fieldwork type that does not exist',
      { expereince_type: '5' },
      'pdf',
      'expereince_type',
      'Choose supervised (1) or concentrated (2) fieldwork',
    ],
  ])('%s: 400 naming the field', async (_, overrides, file, field, message) => {
    const before = await rowCounts();
    const response = await postPaper(
      september(overrides),
      file === 'none' ? null : { name: 'sept.pdf', bytes: pdf },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
    expect(await rowCounts()).toEqual(before);
  });

  it('a file that is neither a PDF nor an image: 400, nothing written or stored', async () => {
    const before = await rowCounts();
    const keys = await w.folder.listKeys();
    const response = await postPaper(september(), {
      name: 'notes.txt',
      bytes: Buffer.from('just text, not a form'),
      type: 'text/plain',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual(['document']);
    expect(await rowCounts()).toEqual(before);
    expect(await w.folder.listKeys()).toEqual(keys);
  });

  it('a supervisor record that is not the trainee’s: 404, nothing written', async () => {
    const other = await createTrainee(w.t.db);
    const before = await rowCounts();
    const response = await postPaper(september(), undefined, other);
    expect(response.statusCode, response.body).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('a supervisor cannot record one', async () => {
    const response = await postPaper(september(), undefined, w.supervisor);
    expect(response.statusCode).toBe(403);
  });
});

describe('a paper form signed on time restores the month', () => {
  let paper: PaperForm;

  it('is recorded (201) and September counts its 83 h', async () => {
    const response = await postPaper(september());
    expect(response.statusCode, response.body).toBe(201);
    paper = response.json<PaperForm>();
    expect(paper).toMatchObject({
      month: '2026-09',
      trainee_supervisor: w.recordId,
      supervisor_name: 'Ana Núñez',
      expereince_type: 1,
      signed_on: '2026-10-30',
      is_late: false,
      file_name: 'sept.pdf',
      deleted_at: null,
    });
    expect(await monthRow('2026-09')).toMatchObject({
      adjusted_hours: 83,
      at_risk_hours: 0,
      at_risk: [],
    });
    expect(await dashboard()).toMatchObject({ counted_hours: 108, at_risk_hours: 0 });
    const form = (await list(w, w.trainee)).results.find((item) => item.month === '2026-09');
    expect(form).toMatchObject({ state: 'signed', signed_on: '2026-10-30', at_risk_hours: 0 });
    expect(form?.paper_form?.id).toBe(paper.id);
  });

  it('refuses a second one for the same form (409)', async () => {
    const response = await postPaper(september({ signed_on: '2026-10-15' }));
    expect(response.statusCode).toBe(409);
  });

  it('keeps its scan with it: the record file cannot be deleted on its own (409)', async () => {
    const deleted = await w.t.request({
      method: 'DELETE',
      url: `/api/v1/upload-record/${paper.record_file}/`,
      token: w.trainee.token,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().detail).toMatch(/^This is the scan of a form signed on paper/);
    // The files list says so, and offers no Delete for it (record-file-row.tsx).
    const records = await get<RecordFilesAnswer>('/api/v1/record-files/');
    const listed = records.monthly_form.flatMap((month) => month.files);
    expect(listed.map(({ id, paper_form }) => ({ id, paper_form }))).toContainEqual({
      id: paper.record_file,
      paper_form: true,
    });
  });

  it('is listed and downloaded by the trainee and by the supervisor it names', async () => {
    for (const [user, query] of [
      [w.trainee, ''],
      [w.supervisor, `?u_id=${w.trainee.id}`],
    ] as const) {
      const answer = await get<PaperFormsAnswer>(`/api/v1/month-forms/paper/${query}`, user);
      expect(answer.results.map((item) => item.id)).toEqual([paper.id]);
      const redirect = await w.t.request({ method: 'GET', url: paper.document, token: user.token });
      const file = await followDownload(w.t, redirect);
      expect(file.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('is hidden (404) from another trainee, an unlinked supervisor and a supervisor it does not name', async () => {
    const stranger = await createTrainee(w.t.db);
    const unlinked = await createSupervisor(w.t.db);
    // Supervisor B is linked to the trainee, but the form names A: B lists nothing of it.
    const named = await get<PaperFormsAnswer>(
      `/api/v1/month-forms/paper/?u_id=${w.trainee.id}`,
      supervisorB,
    );
    expect(named.results).toEqual([]);
    for (const user of [stranger, unlinked, supervisorB]) {
      const download = await w.t.request({ method: 'GET', url: paper.document, token: user.token });
      expect(download.statusCode, download.body).toBe(404);
      const removal = await w.t.request({
        method: 'DELETE',
        url: `/api/v1/month-forms/paper/${paper.id}/`,
        token: user.token,
      });
      expect([403, 404]).toContain(removal.statusCode);
    }
    for (const user of [stranger, unlinked]) {
      const listed = await w.t.request({
        method: 'GET',
        url: `/api/v1/month-forms/paper/?u_id=${w.trainee.id}`,
        token: user.token,
      });
      expect(listed.statusCode).toBe(404);
    }
    // Nothing was removed by any of them.
    const live = await w.t.db.select().from(paperForms).where(isNull(paperForms.deletedAt));
    expect(live.map((row) => row.id)).toEqual([paper.id]);
  });

  it('keeps its scan from a supervisor it does not name in the record files too (issue 36)', async () => {
    const files = await get<RecordFilesAnswer>(
      `/api/v1/record-files/?u_id=${w.trainee.id}`,
      supervisorB,
    );
    const ids = files.monthly_form.flatMap((month) => month.files.map((file) => file.id));
    expect(ids).not.toContain(paper.record_file);
    const download = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${paper.record_file}/download/`,
      token: supervisorB.token,
    });
    expect(download.statusCode, download.body).toBe(404);
    expect(download.json()).toEqual({ detail: 'File not found', code: 'NOT_FOUND' });
    // The supervisor it names still reads it there.
    const named = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${paper.record_file}/download/`,
      token: w.supervisor.token,
    });
    expect((await followDownload(w.t, named)).rawPayload.equals(stored)).toBe(true);
  });

  it('a paper form signed after the deadline makes those hours lost, not at risk', async () => {
    const removed = await w.t.request({
      method: 'DELETE',
      url: `/api/v1/month-forms/paper/${paper.id}/`,
      token: w.trainee.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(await monthRow('2026-09')).toMatchObject({ adjusted_hours: 0, at_risk_hours: 83 });

    const late = await postPaper(september({ signed_on: '2026-11-01' }));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json<PaperForm>().is_late).toBe(true);
    const row = await monthRow('2026-09');
    expect(row).toMatchObject({ adjusted_hours: 0, at_risk_hours: 0 });
    expect(row?.removals.map((removal) => [removal.rule, removal.hours])).toEqual([
      ['form-signed-late', 83],
    ]);
  });

  it('keeps a removed paper form as history', async () => {
    const answer = await get<PaperFormsAnswer>('/api/v1/month-forms/paper/');
    expect(answer.results.map((item) => [item.signed_on, item.deleted_at !== null])).toEqual([
      ['2026-11-01', false],
      ['2026-10-30', true],
    ]);
    const rows = await w.t.db.select().from(paperForms);
    expect(rows.find((row) => row.id === paper.id)?.deletedBy).toBe(w.trainee.id);
  });
});

describe('the reminders, the at-risk list and the calendar agree on "no signed form"', () => {
  it('a paper form takes last month off the unsigned forms', async () => {
    // October 2026: due November 30, two days ahead.
    await fiveHourDays(w.recordId, '2026-10-05', 2);
    const unsigned = async () =>
      (await get<AtRisk>('/api/v1/at-risk/', w.supervisor)).unsigned_forms.map((form) => [
        form.trainee_supervisor,
        form.month,
      ]);
    expect(await unsigned()).toEqual([[w.recordId, '2026-10']]);
    const response = await postPaper(september({ month: '2026-10', signed_on: '2026-11-05' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(await unsigned()).toEqual([]);
  });
});

describe('reopening a month voids its paper form, as it voids the app’s (issue 36)', () => {
  it('keeps the voided paper form and its scan as history; the hours are at risk again', async () => {
    const sept = (answer: PaperFormsAnswer) =>
      answer.results.find((item) => item.month === '2026-09' && item.deleted_at === null);
    const before = sept(await get<PaperFormsAnswer>('/api/v1/month-forms/paper/'));
    expect(before).toMatchObject({ signed_on: '2026-11-01', voided_at: null });
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'approved' })
      .where(eq(experienceLogs.traineeId, w.trainee.id));
    const month = { u_id: w.trainee.id, month: '2026-09' };
    const asSupervisor = (url: string) =>
      w.t.request({ method: 'POST', url, token: w.supervisor.token, payload: month });
    expect((await asSupervisor('/api/v1/month-signoff/')).statusCode).toBe(200);
    expect((await asSupervisor('/api/v1/month-signoff/reopen/')).statusCode).toBe(200);

    const papers = await get<PaperFormsAnswer>('/api/v1/month-forms/paper/');
    expect(sept(papers)).toMatchObject({
      id: before?.id,
      voided_at: TODAY.toISOString(),
      deleted_at: null,
    });
    // October's form stands: only the reopened month's is voided.
    expect(papers.results.find((item) => item.month === '2026-10')?.voided_at).toBeNull();
    const row = (await list(w, w.trainee)).results.find((item) => item.month === '2026-09');
    expect(row).toMatchObject({ state: 'overdue', paper_form: null, at_risk_hours: 83 });
    expect(await monthRow('2026-09')).toMatchObject({ adjusted_hours: 0, at_risk_hours: 83 });
    // Its scan stays among the record files, as a voided app form's file does.
    const files = await get<RecordFilesAnswer>('/api/v1/record-files/');
    const scan = files.monthly_form
      .flatMap((item) => item.files)
      .find((file) => file.id === before?.record_file);
    expect(scan).toMatchObject({ paper_form: false });
    // Removing it is refused: it is history, not a mistake.
    const removal = await w.t.request({
      method: 'DELETE',
      url: `/api/v1/month-forms/paper/${before?.id ?? 0}/`,
      token: w.trainee.token,
    });
    expect(removal.statusCode).toBe(409);
    // A form signed since can be recorded for the month.
    const again = await postPaper(september({ signed_on: '2026-11-27' }));
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('a paper form’s date is the trainee’s word until the supervisor it names answers (issue 36)', () => {
  let rescue: PaperForm;
  const answer = (user: TestUser, id: number, payload: Record<string, unknown>) =>
    w.t.request({
      method: 'POST',
      url: `/api/v1/month-forms/paper/${id}/answer/`,
      token: user.token,
      payload,
    });
  const exported = async () => {
    const response = await w.t.request({
      method: 'GET',
      url: WHOLE_RECORD_PATH,
      token: w.trainee.token,
    });
    expect(response.statusCode).toBe(200);
    const zip = await openZip(response.rawPayload);
    return JSON.parse((await zip.read('forms/paper-forms.json')).toString('utf8')) as (PaperForm & {
      status: string;
    })[];
  };
  const bRow = async () =>
    (await list(w, w.trainee)).results.find(
      (row) => row.month === '2026-08' && row.trainee_supervisor === recordB,
    );

  it('a backdated paper form for a late app form counts, shown as declared, and asks the supervisor', async () => {
    // B's August form was signed late in the app (October 5): its 10 h are lost.
    const response = await postPaper({
      month: '2026-08',
      trainee_supervisor: String(recordB),
      expereince_type: '1',
      signed_on: '2026-09-25',
    });
    expect(response.statusCode, response.body).toBe(201);
    rescue = response.json<PaperForm>();
    expect(rescue).toMatchObject({
      confirmation: 'declared',
      declared_by: w.trainee.id,
      answered_at: null,
      answered_by: null,
      rejection_reason: null,
    });
    // On time now, B's structure is judged on its own (Handbook "Multiple Settings and/or
    // Supervisors"): its 10 h are under the 20-hour minimum, whatever A's 25 h hold.
    expect(await monthRow('2026-08')).toMatchObject({
      adjusted_hours: 25,
      removals: [
        {
          rule: 'below-minimum',
          hours: 10,
          reason: 'Bo Berg: fewer than 20 hours this month: 0 of 10 hours count',
          expereince_type: 1,
        },
      ],
    });
    expect(await bRow()).toMatchObject({ state: 'signed', signed_on: '2026-09-25' });
    const mail = await w.t.lastMailTo(supervisorB.email);
    expect(mail?.subject).toBe(
      "Fieldwork Tracker: confirm Zoë Łukasz's paper form for August 2026",
    );
    expect(mail?.text).toContain('signed on paper on 9/25/2026');
    expect(mail?.text).toContain(`/supervisor/trainees/${w.trainee.id}`);
    const record = (await exported()).find((item) => item.id === rescue.id);
    expect(record?.status).toBe('Declared by the trainee, not yet confirmed by Bo Berg');
  });

  it('is answered by the supervisor it names only: others 404, trainees 403, bad input 400', async () => {
    const unlinked = await createSupervisor(w.t.db);
    const stranger = await createTrainee(w.t.db);
    for (const [user, status] of [
      [w.trainee, 403],
      [stranger, 403],
      [w.supervisor, 404],
      [unlinked, 404],
    ] as const) {
      const response = await answer(user, rescue.id, { answer: 'confirmed' });
      expect(response.statusCode, response.body).toBe(status);
    }
    const noReason = await answer(supervisorB, rescue.id, { answer: 'rejected', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({
      reason: ['Say why, so the trainee can correct it: what is wrong with this form?'],
    });
    const unknown = await answer(supervisorB, rescue.id, { answer: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['answer']);
    expect((await answer(supervisorB, 999_999, { answer: 'confirmed' })).statusCode).toBe(404);
    expect((await bRow())?.paper_form?.confirmation).toBe('declared');
  });

  it('rejected, it no longer counts: the late app form stands, and the export says so', async () => {
    const response = await answer(supervisorB, rescue.id, {
      answer: 'rejected',
      reason: 'We signed it on October 5, in the app',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PaperForm>()).toMatchObject({
      confirmation: 'rejected',
      answered_at: TODAY.toISOString(),
      answered_by: 'Bo Berg',
      rejection_reason: 'We signed it on October 5, in the app',
    });
    const august = await monthRow('2026-08');
    expect(august).toMatchObject({ adjusted_hours: 25 });
    expect(august?.removals.map((removal) => [removal.rule, removal.hours])).toEqual([
      ['form-signed-late', 10],
    ]);
    expect(await bRow()).toMatchObject({ state: 'signed-late', signed_on: '2026-10-05' });
    const again = await answer(supervisorB, rescue.id, { answer: 'confirmed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You already rejected this paper form.');
    const rows = await w.t.db.select().from(paperForms).where(eq(paperForms.id, rescue.id));
    expect(rows[0]).toMatchObject({ rejectedBy: supervisorB.id, confirmedBy: null });
    expect((await exported()).find((item) => item.id === rescue.id)?.status).toBe(
      'Rejected by Bo Berg on 11/28/2026: We signed it on October 5, in the app',
    );
  });

  it('confirmed, it keeps counting, with who confirmed it', async () => {
    const october = (await get<PaperFormsAnswer>('/api/v1/month-forms/paper/')).results.find(
      (item) => item.month === '2026-10' && item.deleted_at === null && item.voided_at === null,
    );
    // Confirming is the supervisor's signature: it waits for the month's logs, as signing does.
    await fiveHourDays(w.recordId, '2026-10-20', 1);
    const early = await answer(w.supervisor, october?.id ?? 0, { answer: 'confirmed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/^1 log is not approved yet \(1 pending\): /);
    await approveLogs(w, '2026-10');
    const response = await answer(w.supervisor, october?.id ?? 0, { answer: 'confirmed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PaperForm>()).toMatchObject({
      confirmation: 'confirmed',
      answered_by: 'Ana Núñez',
    });
    const [row] = await w.t.db
      .select()
      .from(paperForms)
      .where(eq(paperForms.id, october?.id ?? 0));
    expect(row).toMatchObject({ confirmedBy: w.supervisor.id, declaredBy: w.trainee.id });
    const form = (await list(w, w.trainee)).results.find((item) => item.month === '2026-10');
    expect(form).toMatchObject({
      state: 'signed',
      signed_on: '2026-11-05',
      // It signed the month off, as the app's signature does.
      signed_off: { signed_by: 'Ana Núñez' },
    });
    expect((await exported()).find((item) => item.id === october?.id)?.status).toBe(
      'Confirmed by Ana Núñez on 11/28/2026',
    );
  });
});
