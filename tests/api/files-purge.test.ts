import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedRecordFiles } from '../../src/server/features/files/files.service';
import { createStorage } from '../../src/server/adapters/storage/create-storage';
import { loadConfig } from '../../src/server/env';
import { pdfBytes } from '../helpers/file-fixtures';
import { filesWorld, monthlyFields, recordFileCount, uploadRecord } from './files-support';

let w: Awaited<ReturnType<typeof filesWorld>>;
beforeAll(async () => {
  w = await filesWorld();
});
afterAll(() => w.close());

describe('purging deleted record files', () => {
  it('removes forms deleted past the recovery window, object and row, and keeps the rest', async () => {
    const pdf = await pdfBytes();
    const upload = async (title: string) => {
      const response = await uploadRecord(
        w.t,
        w.trainee,
        monthlyFields(w.supervisorRecordId, { title }),
        [{ name: `${title}.pdf`, bytes: pdf }],
      );
      return response.json<{ id: number }>().id;
    };
    const kept = await upload('kept');
    const recent = await upload('recently deleted');
    const old = await upload('deleted long ago');
    const del = (id: number) =>
      w.t.request({
        method: 'DELETE',
        url: `/api/v1/upload-record/${id}/`,
        token: w.trainee.token,
      });
    const now = w.t.clock.now;
    w.t.clock.advanceMinutes(-(31 * 24 * 60));
    await del(old);
    w.t.clock.now = now;
    await del(recent);
    const keysBefore = await w.folder.listKeys();

    const storage = createStorage(loadConfig(w.folder.env), () => w.t.clock.now);
    expect(await purgeDeletedRecordFiles({ db: w.t.db, storage, now })).toBe(1);

    expect(await recordFileCount(w.t)).toBe(2);
    expect(await w.folder.listKeys()).toHaveLength(keysBefore.length - 1);
    const restore = (id: number) =>
      w.t.request({
        method: 'POST',
        url: `/api/v1/upload-record/${id}/restore/`,
        token: w.trainee.token,
      });
    expect((await restore(recent)).statusCode).toBe(200);
    expect((await restore(old)).statusCode).toBe(404);
    const list = await w.t.request({
      method: 'GET',
      url: '/api/v1/record-files/',
      token: w.trainee.token,
    });
    const ids = list
      .json<{ monthly_form: { files: { id: number }[] }[] }>()
      .monthly_form.flatMap((group) => group.files.map((file) => file.id));
    expect(ids.sort((a, b) => a - b)).toEqual([kept, recent].sort((a, b) => a - b));
  });
});
