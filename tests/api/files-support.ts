import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { recordFiles } from '../../src/server/db/schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
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

/** A trainee with a supervisor record linked to a supervisor account, on a folder storage. */
export async function filesWorld(env: Record<string, string> = {}) {
  const folder = await makeStorageFolder();
  const t = await createTestApp({ ...folder.env, ...env });
  const trainee = await createTrainee(t.db);
  const supervisor = await createSupervisor(t.db);
  const added = await t.request({
    method: 'POST',
    url: '/api/v1/trainee-supervisors/',
    token: trainee.token,
    payload: { name: 'Sam', lastname: 'Supervisor', email: supervisor.email },
  });
  expect(added.statusCode).toBe(201);
  const supervisorRecordId = added.json<{ id: number }>().id;
  return {
    t,
    folder,
    trainee,
    supervisor,
    supervisorRecordId,
    close: async () => {
      await t.close();
      await folder.close();
    },
  };
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
