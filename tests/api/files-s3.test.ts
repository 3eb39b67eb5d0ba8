import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../../src/shared/files/file-content';
import type { TestUser } from '../helpers/factories';
import { pdfBytes, PNG_BYTES, SCRIPT_BYTES } from '../helpers/file-fixtures';
import { startS3rver } from '../helpers/storage-harness';
import type { TestApp } from '../helpers/test-app';
import { filesWorld, monthlyFields, uploadPicture, uploadRecord } from './files-support';
import { storedCopyOf } from '../helpers/stored-pdf';

/**
 * The same routes on S3 (s3rver on loopback): the picture's presigned PUT goes straight to the
 * bucket over real HTTP; downloads come through the app, with nosniff.
 */
let w: Awaited<ReturnType<typeof filesWorld>>;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let t: TestApp;
let trainee: TestUser;
let supervisorRecordId: number;
let pdf: Buffer;
/** What the app keeps of `pdf`: the upload check's copy. */
let stored: Buffer;

beforeAll(async () => {
  s3 = await startS3rver();
  w = await filesWorld(s3);
  ({ t, trainee, supervisorRecordId } = w);
  pdf = await pdfBytes();
  stored = await storedCopyOf(pdf);
});
afterAll(() => w.close());

describe('files on S3', () => {
  it('uploads a form through the route and serves it through the app, with nosniff', async () => {
    const created = await uploadRecord(t, trainee, monthlyFields(supervisorRecordId), [
      { name: 'March form.pdf', bytes: pdf },
    ]);
    expect(created.statusCode).toBe(201);
    const { id, document } = created.json<{ id: number; document: string }>();
    expect(await s3.listKeys()).toEqual([
      expect.stringMatching(/^records\/\d+\/[0-9a-f-]{36}\.pdf$/),
    ]);

    const download = await t.request({
      method: 'GET',
      url: `/api/v1/record-files/${id}/download/`,
      token: trainee.token,
    });
    expect(download.statusCode).toBe(302);
    const location = String(download.headers.location);
    expect(location).toBe(document);
    expect(location).toMatch(/^\/api\/v1\/storage\/object\/\?token=/);
    const served = await t.request({ method: 'GET', url: location });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="March form.pdf"; filename*=UTF-8''March%20form.pdf`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('leaves nothing in the bucket when a disguised script is refused', async () => {
    const before = await s3.listKeys();
    const refused = await uploadRecord(t, trainee, monthlyFields(supervisorRecordId), [
      { name: 'form.pdf', bytes: SCRIPT_BYTES },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(await s3.listKeys()).toEqual(before);
  });

  it('sets a profile picture uploaded straight to the bucket', async () => {
    const before = await s3.listKeys();
    const signed = await t.request({
      method: 'POST',
      url: '/users/upload/signed-url',
      token: trainee.token,
      payload: {},
    });
    expect(signed.json<{ url: string }>().url.startsWith(s3.env.S3_ENDPOINT)).toBe(true);
    const confirmed = await uploadPicture(t, trainee, PNG_BYTES);
    expect(confirmed.statusCode).toBe(200);
    const pic = confirmed.json<{ profile_pic: string }>().profile_pic;
    const added = (await s3.listKeys()).filter((k) => !before.includes(k));
    expect(added).toEqual([`pictures/${pic.split('/picture/')[1]}`]);

    const shown = await t.request({ method: 'GET', url: pic });
    const image = await t.request({ method: 'GET', url: String(shown.headers.location) });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('refuses an oversize picture at confirmation (a presigned PUT has no limit), keeping nothing', async () => {
    const before = await s3.listKeys();
    const big = Buffer.alloc(FILE_MAX_BYTES + 1);
    PNG_BYTES.copy(big);
    const confirmed = await uploadPicture(t, trainee, big);
    expect(confirmed.statusCode).toBe(413);
    expect(confirmed.json()).toEqual({
      detail: 'File size cannot be more than 20MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await s3.listKeys()).toEqual(before);
  });

  it('lets the page upload to the bucket (CSP) but load images only from the app; takes no uploads itself', async () => {
    const page = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: blob:;`);
    expect(csp).toContain(`connect-src 'self' ${s3.env.S3_ENDPOINT}`);
    const forged = await t.request({ method: 'GET', url: '/api/v1/storage/object/?token=x' });
    expect(forged.statusCode).toBe(403);
    const upload = await t.request({
      method: 'PUT',
      url: '/api/v1/storage/object/?token=x',
      payload: PNG_BYTES,
    });
    expect(upload.statusCode).toBe(404);
  });
});
