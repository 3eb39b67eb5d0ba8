import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { recordFiles } from '../../src/server/db/schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { makeStorageFolder } from '../helpers/storage-harness';
import { createTestApp, type TestApp } from '../helpers/test-app';

export type UploadFile = { name: string; bytes: Buffer; type?: string };

/** A multipart body as a browser's FormData sends it, for `app.inject`. */
export async function multipart(
  fields: Record<string, string>,
  files: (UploadFile & { field?: string })[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' });
    form.append(file.field ?? 'document', blob, file.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** The fields of a valid monthly form signed with `supervisorId`. */
export function monthlyFields(supervisorId: number, overrides: Record<string, string> = {}) {
  return {
    form_type: 'Monthly',
    supervisor: String(supervisorId),
    trainee_supervisor: String(supervisorId),
    date: '2026-03-01',
    title: 'M-FVF March 2026',
    notes: 'Signed on the 28th',
    downloaded: 'true',
    signed: 'true',
    filled: 'true',
    ...overrides,
  };
}

/** A storage for a test app: a folder (makeStorageFolder) or a bucket (startS3rver). */
export type TestStore = {
  env: Record<string, string>;
  /** Every object's key (the folder's temporary files too), sorted. */
  listKeys: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * A trainee with a supervisor record linked to a supervisor account, on a storage of its own
 * (a folder unless given one).
 */
export async function filesWorld(store?: TestStore) {
  const storage = store ?? (await makeStorageFolder());
  const t = await createTestApp(storage.env);
  const trainee = await createTrainee(t.db);
  const supervisor = await createSupervisor(t.db);
  const added = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name: 'Sam', lastname: 'Supervisor', email: supervisor.email },
  });
  expect(added.statusCode).toBe(201);
  await answerRequestFrom(t, supervisor, trainee.email);
  const supervisorRecordId = added.json<{ id: number }>().id;
  return {
    t,
    store: storage,
    trainee,
    supervisor,
    supervisorRecordId,
    close: async () => {
      await t.close();
      await storage.close();
    },
  };
}

/**
 * PUTs `bytes` to a signed upload URL without signing in, as a browser does: the app's own
 * (the folder) or the bucket's (S3, over real HTTP). Resolves with the status.
 */
export async function putToSignedUrl(
  t: TestApp,
  url: string,
  bytes: Buffer,
  type = 'image/png',
): Promise<number> {
  const headers = { 'content-type': type };
  if (!url.startsWith('http')) {
    return (await t.request({ method: 'PUT', url, payload: bytes, headers })).statusCode;
  }
  return (await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers })).status;
}

/** The picture's first two steps (SPEC §7): a signed URL for `key`, then the direct upload. */
export async function uploadPictureUnconfirmed(
  t: TestApp,
  user: TestUser,
  bytes: Buffer,
  options: { key?: string; type?: string } = {},
): Promise<string> {
  const signed = await t.request({
    method: 'POST',
    url: '/users/upload/signed-url',
    token: user.token,
    payload: options.key ? { key: options.key } : {},
  });
  expect(signed.statusCode).toBe(200);
  const { url, key } = signed.json<{ url: string; key: string }>();
  expect(await putToSignedUrl(t, url, bytes, options.type)).toBe(200);
  return key;
}

/** All three steps: the confirmation's answer. */
export async function uploadPicture(
  t: TestApp,
  user: TestUser,
  bytes: Buffer,
  options: { key?: string; type?: string } = {},
): Promise<LightMyRequestResponse> {
  const key = await uploadPictureUnconfirmed(t, user, bytes, options);
  return t.request({
    method: 'POST',
    url: '/users/upload/picture',
    token: user.token,
    payload: { key },
  });
}

/** Posts a record form as `user`. */
export async function uploadRecord(
  t: TestApp,
  user: TestUser | undefined,
  fields: Record<string, string>,
  files: (UploadFile & { field?: string })[],
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields, files);
  return t.request({ method: 'POST', url: '/api/v1/upload-record/', token: user?.token, ...body });
}

export async function recordFileCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(recordFiles);
  return row?.n ?? 0;
}

/** Follows a download redirect to the folder storage's signed URL, within the app. */
export async function followDownload(t: TestApp, response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  return t.request({ method: 'GET', url: location });
}

export { createSupervisor, createTrainee };
