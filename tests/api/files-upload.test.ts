import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFiles } from '../../src/server/db/schema';
import {
  FILE_QUOTA_BYTES,
  FILE_QUOTA_MESSAGE,
} from '../../src/server/features/files/files.service';
import { FILE_MAX_BYTES } from '../../src/shared/files/file-content';
import { createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { JPEG_BYTES, pdfBytes, pdfOfSize, PNG_BYTES, SCRIPT_BYTES } from '../helpers/file-fixtures';
import { UNAUTHENTICATED } from '../helpers/accounts';
import {
  filesWorld,
  followDownload,
  monthlyFields,
  multipart,
  recordFileCount,
  uploadRecord,
} from './files-support';
import { storedCopyOf } from '../helpers/stored-pdf';

let w: Awaited<ReturnType<typeof filesWorld>>;
let pdf: Buffer;
/** What the app keeps of `pdf`: the upload check's copy. */
let stored: Buffer;
beforeAll(async () => {
  w = await filesWorld();
  pdf = await pdfBytes();
  stored = await storedCopyOf(pdf);
});
afterAll(() => w.close());

describe('POST /api/v1/upload-record/', () => {
  it('stores a monthly form and answers the record in the contract’s names', async () => {
    const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'March.pdf', bytes: pdf },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'M-FVF March 2026',
      user: w.trainee.id,
      notes: 'Signed on the 28th',
      supervisor: w.supervisorRecordId,
      trainee_supervisor: w.supervisorRecordId,
      supervisor_name: 'Sam Supervisor',
      form_type: 'Monthly',
      description: null,
      date: '2026-03-01',
      month: '2026-03',
      fileName: 'March.pdf',
      content_type: 'application/pdf',
      size: stored.length,
      downloaded: true,
      signed: true,
      filled: true,
      deleted_at: null,
    });
    const keys = await w.store.listKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^records/${w.trainee.id}/[0-9a-f-]{36}\\.pdf$`));
  });

  it('stores a final form with its description, and a photo of a form (JPEG)', async () => {
    const response = await uploadRecord(
      w.t,
      w.trainee,
      monthlyFields(w.supervisorRecordId, {
        form_type: 'Final',
        date: '',
        description: 'F-FVF for the whole supervision period',
      }),
      [{ name: 'final.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' }],
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      form_type: 'Final',
      description: 'F-FVF for the whole supervision period',
      date: null,
      month: null,
      content_type: 'image/jpeg',
    });
  });

  it('answers 401 without a session and 403 to a supervisor, storing nothing', async () => {
    const rows = await recordFileCount(w.t);
    const keys = await w.store.listKeys();
    const fields = monthlyFields(w.supervisorRecordId);
    const anonymous = await uploadRecord(w.t, undefined, fields, [{ name: 'a.pdf', bytes: pdf }]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(UNAUTHENTICATED);
    const supervisor = await uploadRecord(w.t, w.supervisor, fields, [
      { name: 'a.pdf', bytes: pdf },
    ]);
    expect(supervisor.statusCode).toBe(403);
    expect(await recordFileCount(w.t)).toBe(rows);
    expect(await w.store.listKeys()).toEqual(keys);
  });

  it('names every missing field with the form’s message, and keeps nothing', async () => {
    const rows = await recordFileCount(w.t);
    const keys = await w.store.listKeys();
    const response = await uploadRecord(
      w.t,
      w.trainee,
      { form_type: 'Monthly', supervisor: '0', downloaded: 'false' },
      [{ name: 'a.pdf', bytes: pdf }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      supervisor: ['*Required'],
      date: ['*Required'],
      downloaded: ['*Required'],
      signed: ['*Required'],
      filled: ['*Required'],
    });
    expect(await recordFileCount(w.t)).toBe(rows);
    expect(await w.store.listKeys()).toEqual(keys);
  });

  it('requires the file, a form type, and a description for a final form', async () => {
    const response = await uploadRecord(
      w.t,
      w.trainee,
      monthlyFields(w.supervisorRecordId, { form_type: 'Final', description: ' ' }),
      [],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ description: ['*Required'], document: ['*Required'] });
    const noType = await uploadRecord(
      w.t,
      w.trainee,
      monthlyFields(w.supervisorRecordId, { form_type: 'Weekly' }),
      [{ name: 'a.pdf', bytes: pdf }],
    );
    expect(noType.json()).toEqual({ form_type: ['*Required'] });
  });

  it('refuses a supervisor record that is not the trainee’s own', async () => {
    const other: TestUser = await createTrainee(w.t.db);
    const theirs = await w.t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: other.token,
      payload: { name: 'Not Yours', email: 'not.yours@example.com' },
    });
    const keys = await w.store.listKeys();
    const response = await uploadRecord(
      w.t,
      w.trainee,
      monthlyFields(theirs.json<{ id: number }>().id),
      [{ name: 'a.pdf', bytes: pdf }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ supervisor: ['Choose one of your supervisors.'] });
    expect(await w.store.listKeys()).toEqual(keys);
  });

  it('refuses a script disguised as a PDF by its bytes, storing nothing', async () => {
    const rows = await recordFileCount(w.t);
    const keys = await w.store.listKeys();
    const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'March.pdf', bytes: SCRIPT_BYTES, type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ document: ['Invalid File Format'] });
    expect(await recordFileCount(w.t)).toBe(rows);
    expect(await w.store.listKeys()).toEqual(keys);
  });

  it('takes a PDF named .png for what it is: a PDF, downloaded as .pdf', async () => {
    const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'scan.png', bytes: pdf, type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      fileName: 'scan.png',
      content_type: 'application/pdf',
    });
    const id = response.json<{ id: number }>().id;
    const download = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${id}/download/`,
      token: w.trainee.token,
    });
    const served = await followDownload(w.t, download);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('refuses a file over 20 MB with 413 while it streams, leaving no row and no object', async () => {
    const rows = await recordFileCount(w.t);
    const keys = await w.store.listKeys();
    const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'huge.pdf', bytes: pdfOfSize(FILE_MAX_BYTES + 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: 'File size cannot be more than 20MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await recordFileCount(w.t)).toBe(rows);
    expect(await w.store.listKeys()).toEqual(keys);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const big = pdfOfSize(FILE_MAX_BYTES);
    const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'big.pdf', bytes: big },
    ]);
    expect(response.statusCode).toBe(201);
    // What is kept is the check's copy, without the padding after the PDF's end.
    expect(response.json()).toMatchObject({ size: (await storedCopyOf(big)).length });
  });

  it('refuses two files in one form, keeping neither', async () => {
    const rows = await recordFileCount(w.t);
    const keys = await w.store.listKeys();
    const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'a.pdf', bytes: pdf },
      { name: 'b.png', bytes: PNG_BYTES, type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ document: ['Upload one file only.'] });
    expect(await recordFileCount(w.t)).toBe(rows);
    expect(await w.store.listKeys()).toEqual(keys);
  });

  it('asks for multipart when sent JSON', async () => {
    const response = await w.t.request({
      method: 'POST',
      url: '/api/v1/upload-record/',
      token: w.trainee.token,
      payload: monthlyFields(w.supervisorRecordId),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ['Send the form as multipart/form-data.'],
    });
  });
});

describe('the storage quota (issue 27)', () => {
  it('refuses an upload past the account’s 1 GB with 413 and a clear message, keeping nothing; others are not held up', async () => {
    // Scans (PNG): the quota counts bytes, whatever the file is.
    const png = (name: string) => ({ name, bytes: PNG_BYTES, type: 'image/png' });
    const trainee = await createTrainee(w.t.db);
    const record = await w.t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: trainee.token,
      payload: { name: 'Sam', lastname: 'Supervisor', email: w.supervisor.email },
    });
    await answerRequestFrom(w.t, w.supervisor, trainee.email);
    const fields = monthlyFields(record.json<{ id: number }>().id);
    const first = await uploadRecord(w.t, trainee, fields, [png('a.png')]);
    expect(first.statusCode).toBe(201);
    const firstId = first.json<{ id: number }>().id;
    // Years of forms, as their sizes say: ten bytes short of the quota.
    await w.t.db
      .update(recordFiles)
      .set({ sizeBytes: FILE_QUOTA_BYTES - 10 })
      .where(eq(recordFiles.id, firstId));
    const keysBefore = await w.store.listKeys();
    const countBefore = await recordFileCount(w.t);

    const refused = await uploadRecord(w.t, trainee, fields, [png('b.png')]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ detail: FILE_QUOTA_MESSAGE, code: 'PAYLOAD_TOO_LARGE' });
    expect(await recordFileCount(w.t)).toBe(countBefore);
    expect(await w.store.listKeys()).toEqual(keysBefore);
    // Replacing a form's file counts the new one instead of the old.
    const replaced = await w.t.request({
      method: 'PATCH',
      url: `/api/v1/upload-record/${firstId}/`,
      token: trainee.token,
      ...(await multipart({}, [png('a2.png')])),
    });
    expect(replaced.statusCode).toBe(200);
    // Another trainee's uploads are theirs to count.
    const other = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      png('c.png'),
    ]);
    expect(other.statusCode).toBe(201);
  });
});
