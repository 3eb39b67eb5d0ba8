import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/plugins/rate-limit';
import { pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';
import { createTrainee, type TestUser } from '../helpers/factories';
import { monthlyFields, multipart, uploadRecord } from './files-support';
import { fill, formsWorld, linkSupervisor, uploadTemplate, type FormsWorld } from './forms-support';

/*
 * Issue 36: every route that takes a file or fills a form costs a child process or a PDF written,
 * so each trainee's uploads (record files, replaced files, paper forms' scans) and fills (M-FVF
 * and F-FVF) are limited, counted before the body is read. Each test has its own accounts and
 * its own window of the clock.
 */

let w: FormsWorld;
let pdf: Buffer;
beforeAll(async () => {
  w = await formsWorld();
  pdf = await pdfBytes();
});
afterAll(() => w.close());

/** A trainee of their own with a supervisor record, at the start of an hour of their own. */
async function freshTrainee(hour: string) {
  w.t.clock.now = new Date(`${hour}:00:00.000Z`);
  const trainee = await createTrainee(w.t.db);
  const recordId = await linkSupervisor(w.t, trainee, w.supervisor);
  return { trainee, recordId };
}

const patchRecord = async (trainee: TestUser, id: number, body: 'file' | 'json') =>
  w.t.request({
    method: 'PATCH',
    url: `/api/v1/upload-record/${id}/`,
    token: trainee.token,
    ...(body === 'file'
      ? await multipart({}, [{ name: 'april.pdf', bytes: pdf }])
      : { payload: { notes: 'Filed' } }),
  });

const postPaper = async (trainee: TestUser, recordId: number) =>
  w.t.request({
    method: 'POST',
    url: '/api/v1/month-forms/paper/',
    token: trainee.token,
    ...(await multipart(
      {
        month: '2026-02',
        trainee_supervisor: String(recordId),
        expereince_type: '1',
        signed_on: '2026-03-10',
      },
      [{ name: 'february.pdf', bytes: pdf }],
    )),
  });

const expectLimited = (
  response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  refusal: string,
) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    detail: `${refusal} Please try again in 60 minutes.`,
    code: 'RATE_LIMITED',
  });
  expect(response.headers['retry-after']).toBe('3600');
};

describe('record files sent to the app', () => {
  it('takes 60 an hour per trainee, over uploads, replaced files and scans; then 429, not another trainee’s', async () => {
    const { trainee, recordId } = await freshTrainee('2026-04-10T13');
    const { limit, refusal } = RATE_LIMITS.recordUpload;
    const first = await uploadRecord(w.t, trainee, monthlyFields(recordId), [
      { name: 'march.pdf', bytes: pdf },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json<{ id: number }>().id;
    expect((await patchRecord(trainee, id, 'file')).statusCode).toBe(200);
    expect((await postPaper(trainee, recordId)).statusCode).toBe(201);
    // The rest of the hour's uploads, refused for their fields: counted all the same.
    for (let sent = 3; sent < limit; sent += 1) {
      const refused = await uploadRecord(w.t, trainee, monthlyFields(recordId), []);
      expect(refused.statusCode).toBe(400);
    }
    expectLimited(
      await uploadRecord(w.t, trainee, monthlyFields(recordId), [
        { name: 'march.pdf', bytes: pdf },
      ]),
      refusal,
    );
    expectLimited(await patchRecord(trainee, id, 'file'), refusal);
    expectLimited(await postPaper(trainee, recordId), refusal);
    // An edit without a file uploads nothing.
    expect((await patchRecord(trainee, id, 'json')).statusCode).toBe(200);

    const other = await createTrainee(w.t.db);
    const otherRecord = await linkSupervisor(w.t, other, w.supervisor);
    const theirs = await uploadRecord(w.t, other, monthlyFields(otherRecord), [
      { name: 'march.pdf', bytes: pdf },
    ]);
    expect(theirs.statusCode, theirs.body).toBe(201);

    w.t.clock.now = new Date('2026-04-10T14:00:00.000Z');
    expect((await patchRecord(trainee, id, 'file')).statusCode).toBe(200);
  });
});

describe('official forms filled and blank forms installed', () => {
  it('fills 60 M-FVFs and F-FVFs an hour per trainee, then 429', async () => {
    const { trainee, recordId } = await freshTrainee('2026-04-10T15');
    const { limit, refusal } = RATE_LIMITS.formFill;
    const monthly = { month: '2026-04', trainee_supervisor: recordId, expereince_type: 1 };
    const final = { from_month: '2026-01', to_month: '2026-04', trainee_supervisor: recordId };
    for (let sent = 0; sent < limit; sent += 1) {
      // April is not over: each refused at once, and counted.
      const response = await fill(
        w,
        trainee,
        sent % 2 ? final : monthly,
        sent % 2 ? 'final' : 'monthly',
      );
      expect(response.statusCode, response.body).toBe(409);
    }
    expectLimited(await fill(w, trainee, monthly), refusal);
    expectLimited(await fill(w, trainee, final, 'final'), refusal);
    expect((await fill(w, w.trainee, monthly)).statusCode).not.toBe(429);
  });

  it('installs 10 blank forms an hour per user, then 429', async () => {
    const { trainee } = await freshTrainee('2026-04-10T16');
    const { limit, refusal } = RATE_LIMITS.templateUpload;
    for (let sent = 0; sent < limit; sent += 1) {
      // Not a PDF: refused at its first bytes, and counted.
      expect((await uploadTemplate(w.t, trainee, PNG_BYTES)).statusCode).toBe(400);
    }
    expectLimited(await uploadTemplate(w.t, trainee, pdf), refusal);
  });
});
