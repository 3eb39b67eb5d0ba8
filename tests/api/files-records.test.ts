import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { answerRequestFrom } from '../helpers/link-requests';
import { JPEG_BYTES, pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';
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

type Answer = {
  monthly_form: { month: string; files: { id: number; title: string }[] }[];
  final_form: { id: number; title: string }[];
};

async function upload(fields: Record<string, string>, bytes = pdf) {
  const response = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId, fields), [
    { name: `${fields.title ?? 'form'}.pdf`, bytes },
  ]);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

const list = (token: string, query = '') =>
  w.t.request({ method: 'GET', url: `/api/v1/record-files/${query}`, token });

describe('GET /api/v1/record-files/', () => {
  it('groups monthly forms by month, newest first, and lists final forms apart', async () => {
    await upload({ title: 'January', date: '2026-01-31' });
    await upload({ title: 'March', date: '2026-03' });
    await upload({ title: 'January again', date: '2026-01-05' });
    await upload({ title: 'Final', form_type: 'Final', date: '', description: 'All months' });
    const response = await list(w.trainee.token);
    expect(response.statusCode).toBe(200);
    const answer = response.json<Answer>();
    expect(
      answer.monthly_form.map((group) => [group.month, group.files.map((f) => f.title)]),
    ).toEqual([
      ['2026-03', ['March']],
      ['2026-01', ['January', 'January again']],
    ]);
    expect(answer.final_form.map((file) => file.title)).toEqual(['Final']);
  });

  it('shows a trainee only their own forms, and no one else’s by u_id', async () => {
    const other = await createTrainee(w.t.db);
    const response = await list(other.token);
    expect(response.json()).toEqual({ monthly_form: [], final_form: [] });
    expect((await list(other.token, `?u_id=${w.trainee.id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const response = await w.t.request({ method: 'GET', url: '/api/v1/record-files/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/upload-record/{id}/', () => {
  it('changes the fields sent (JSON) and keeps the rest', async () => {
    const id = await upload({ title: 'To edit', date: '2026-04-01' });
    const response = await w.t.request({
      method: 'PATCH',
      url: `/api/v1/upload-record/${id}/`,
      token: w.trainee.token,
      payload: { notes: 'Countersigned', date: '2026-04' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      title: 'To edit',
      notes: 'Countersigned',
      date: '2026-04-01',
      content_type: 'application/pdf',
    });
  });

  it('replaces the file (multipart) and removes the old object', async () => {
    const id = await upload({ title: 'To replace' });
    const before = await w.store.listKeys();
    const body = await multipart({ title: 'Replaced' }, [
      { name: 'photo.jpg', bytes: JPEG_BYTES, type: 'image/jpeg' },
    ]);
    const response = await w.t.request({
      method: 'PATCH',
      url: `/api/v1/upload-record/${id}/`,
      token: w.trainee.token,
      ...body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Replaced',
      fileName: 'photo.jpg',
      content_type: 'image/jpeg',
    });
    const after = await w.store.listKeys();
    expect(after).toHaveLength(before.length);
    expect(after.filter((key) => !before.includes(key))).toEqual([
      expect.stringMatching(/^records\/\d+\/[0-9a-f-]{36}\.jpg$/),
    ]);
  });

  it('refuses an edit that breaks the form, keeping the new file out of storage', async () => {
    const id = await upload({ title: 'Kept as is' });
    const before = await w.store.listKeys();
    const body = await multipart({ form_type: 'Final', description: '' }, [
      { name: 'new.png', bytes: PNG_BYTES, type: 'image/png' },
    ]);
    const response = await w.t.request({
      method: 'PATCH',
      url: `/api/v1/upload-record/${id}/`,
      token: w.trainee.token,
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ description: ['*Required'] });
    expect(await w.store.listKeys()).toEqual(before);
  });

  it('refuses a JSON body that is not an object', async () => {
    const id = await upload({ title: 'Edited badly' });
    const response = await w.t.request({
      method: 'PATCH',
      url: `/api/v1/upload-record/${id}/`,
      token: w.trainee.token,
      payload: ['notes'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ['The request body must be a JSON object.'],
    });
  });

  it('answers 404 for another trainee’s form and 403 to a supervisor', async () => {
    const id = await upload({ title: 'Mine' });
    const other = await createTrainee(w.t.db);
    const patch = (token: string) =>
      w.t.request({
        method: 'PATCH',
        url: `/api/v1/upload-record/${id}/`,
        token,
        payload: { notes: 'x' },
      });
    expect((await patch(other.token)).statusCode).toBe(404);
    expect((await patch(w.supervisor.token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/v1/upload-record/{id}/ and restoring', () => {
  it('hides a deleted form, keeps it recoverable for 30 days, then not', async () => {
    const id = await upload({ title: 'Deleted by mistake' });
    const objects = await w.store.listKeys();
    const url = `/api/v1/upload-record/${id}/`;
    const deleted = await w.t.request({ method: 'DELETE', url, token: w.trainee.token });
    expect(deleted.statusCode).toBe(204);
    expect(await w.store.listKeys()).toEqual(objects);
    const titles = (answer: Answer) =>
      answer.monthly_form.flatMap((group) => group.files.map((file) => file.title));
    expect(titles((await list(w.trainee.token)).json<Answer>())).not.toContain(
      'Deleted by mistake',
    );
    const bin = await list(w.trainee.token, 'deleted/');
    expect(bin.json<{ results: { id: number }[] }>().results.map((file) => file.id)).toEqual([id]);

    const again = await w.t.request({ method: 'DELETE', url, token: w.trainee.token });
    expect(again.statusCode).toBe(404);

    const restored = await w.t.request({
      method: 'POST',
      url: `${url}restore/`,
      token: w.trainee.token,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, deleted_at: null });
    expect(titles((await list(w.trainee.token)).json<Answer>())).toContain('Deleted by mistake');

    // Deleted 30 days and a minute ago (sessions last 30 days: the clock goes back, not forward).
    const now = w.t.clock.now;
    w.t.clock.advanceMinutes(-(30 * 24 * 60 + 1));
    await w.t.request({ method: 'DELETE', url, token: w.trainee.token });
    w.t.clock.now = now;
    const late = await w.t.request({
      method: 'POST',
      url: `${url}restore/`,
      token: w.trainee.token,
    });
    expect(late.statusCode).toBe(404);
    expect((await list(w.trainee.token, 'deleted/')).json()).toEqual({ results: [] });
  });

  it('never lets another trainee delete or restore a form', async () => {
    const id = await upload({ title: 'Not theirs' });
    const other = await createTrainee(w.t.db);
    const url = `/api/v1/upload-record/${id}/`;
    expect((await w.t.request({ method: 'DELETE', url, token: other.token })).statusCode).toBe(404);
    await w.t.request({ method: 'DELETE', url, token: w.trainee.token });
    const restore = await w.t.request({
      method: 'POST',
      url: `${url}restore/`,
      token: other.token,
    });
    expect(restore.statusCode).toBe(404);
  });
});

describe('a supervisor and the trainee’s forms', () => {
  it('lists and downloads a linked trainee’s forms, but never changes them', async () => {
    const id = await upload({ title: 'For the supervisor' });
    const response = await list(w.supervisor.token, `?u_id=${w.trainee.id}`);
    expect(response.statusCode).toBe(200);
    const ids = response
      .json<Answer>()
      .monthly_form.flatMap((group) => group.files.map((file) => file.id));
    expect(ids).toContain(id);
    const download = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${id}/download/`,
      token: w.supervisor.token,
    });
    expect((await followDownload(w.t, download)).rawPayload.equals(stored)).toBe(true);
    const url = `/api/v1/upload-record/${id}/`;
    const deleted = await w.t.request({ method: 'DELETE', url, token: w.supervisor.token });
    expect(deleted.statusCode).toBe(403);
    expect(await recordFileCount(w.t)).toBeGreaterThan(0);
  });

  it('needs the trainee named, and sees nothing of a trainee not linked to them', async () => {
    expect((await list(w.supervisor.token)).json()).toEqual({ u_id: ['*Required'] });
    const stranger = await createSupervisor(w.t.db);
    expect((await list(stranger.token, `?u_id=${w.trainee.id}`)).statusCode).toBe(404);
    const id = await upload({ title: 'Private' });
    const download = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${id}/download/`,
      token: stranger.token,
    });
    expect(download.statusCode).toBe(404);
  });

  it('loses access once they removed the trainee', async () => {
    const id = await upload({ title: 'After removal' });
    const removed = await w.t.request({
      method: 'POST',
      url: '/api/v1/remove-user/',
      token: w.supervisor.token,
      payload: { u_id: w.trainee.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(w.supervisor.token, `?u_id=${w.trainee.id}`)).statusCode).toBe(404);
    const download = await w.t.request({
      method: 'GET',
      url: `/api/v1/record-files/${id}/download/`,
      token: w.supervisor.token,
    });
    expect(download.statusCode).toBe(404);
  });

  it('loses access once the trainee removed them; the form stays, without its supervisor', async () => {
    const second = await createSupervisor(w.t.db);
    const added = await w.t.request({
      method: 'POST',
      url: '/api/v1/trainee-supervisors/',
      token: w.trainee.token,
      payload: { name: 'Second', email: second.email },
    });
    await answerRequestFrom(w.t, second, w.trainee.email);
    const recordId = added.json<{ id: number }>().id;
    const formId = await upload({ title: 'With the second', supervisor: String(recordId) });
    expect((await list(second.token, `?u_id=${w.trainee.id}`)).statusCode).toBe(200);
    const removed = await w.t.request({
      method: 'DELETE',
      url: `/api/v1/trainee-supervisors/${recordId}/`,
      token: w.trainee.token,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(second.token, `?u_id=${w.trainee.id}`)).statusCode).toBe(404);
    const form = (await list(w.trainee.token))
      .json<Answer>()
      .monthly_form.flatMap((group) => group.files)
      .find((file) => file.id === formId);
    expect(form).toMatchObject({ supervisor: null, supervisor_name: '' });
  });
});
