import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../src/server/adapters/storage/create-storage';
import type { StoragePort } from '../../src/server/adapters/storage/storage.port';
import { fvfTemplates, recordFiles } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { sweepStorage } from '../../src/server/features/files/storage-sweep.service';
import type { TestUser } from '../helpers/factories';
import { pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';
import { makeStorageFolder, startS3rver } from '../helpers/storage-harness';
import type { TestApp } from '../helpers/test-app';
import {
  filesWorld,
  monthlyFields,
  uploadPicture,
  uploadPictureUnconfirmed,
  uploadRecord,
  type TestStore,
} from './files-support';

/**
 * The sweep on both adapters: objects a row names, and the orphans each gap leaves (a process
 * killed between the object and its row, a picture uploaded and never confirmed, a row deleted
 * by hand), swept as the clock moves past their grace.
 */
describe.each<[string, () => Promise<TestStore>]>([
  ['folder', makeStorageFolder],
  ['s3 (s3rver)', startS3rver],
])('storage sweep: %s', (_name, makeStore) => {
  let w: Awaited<ReturnType<typeof filesWorld>>;
  let t: TestApp;
  let storage: StoragePort;
  let trainee: TestUser;
  let pdf: Buffer;

  beforeAll(async () => {
    w = await filesWorld(await makeStore());
    ({ t, trainee } = w);
    // Another instance on the same storage and database: what it sweeps, the app sees.
    storage = await createStorage(loadConfig(w.store.env), () => t.clock.now);
    pdf = await pdfBytes();
  });
  afterAll(() => w.close());

  const sweep = (now = t.clock.now) => sweepStorage({ db: t.db, storage, now });

  // A scanned form (PNG): the sweep does not care what a file is, and a PDF would cost each
  // upload a child process of its own (the PDF check), which on a busy machine took this test
  // past its deadline (issue 27, item 8).
  async function uploadForm(): Promise<{ id: number; key: string }> {
    const created = await uploadRecord(t, trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'form.png', bytes: PNG_BYTES, type: 'image/png' },
    ]);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const [row] = await t.db.select().from(recordFiles).where(eq(recordFiles.id, id));
    return { id, key: row?.storageKey ?? '' };
  }

  it('removes old objects no row names; keeps young ones, named ones and what is not ours', async () => {
    // Named: a form, a form deleted (restorable, then kept for audits), the picture, a template.
    const form = await uploadForm();
    const deletedForm = await uploadForm();
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/upload-record/${deletedForm.id}/`,
      token: trainee.token,
    });
    expect(deleted.statusCode).toBe(204);
    const confirmed = await uploadPicture(t, trainee, PNG_BYTES);
    const picture = `pictures/${confirmed.json<{ profile_pic: string }>().profile_pic.split('/picture/')[1]}`;
    const template = `forms/templates/test-${randomUUID()}.pdf`;
    await storage.put(template, Readable.from([pdf]), { contentType: 'application/pdf' });
    await t.db
      .insert(fvfTemplates)
      .values({ variantId: 'sweep-test', storageKey: template, sizeBytes: pdf.length });
    // Orphans: objects whose rows never came (a process killed in between), a picture uploaded
    // and never confirmed, a form whose row was deleted by hand.
    const killedForm = `records/${trainee.id}/${randomUUID()}.pdf`;
    const killedPicture = `pictures/${trainee.id}/${randomUUID()}.png`;
    const killedMonthForm = `forms/${trainee.id}/${randomUUID()}.pdf`;
    for (const key of [killedForm, killedPicture, killedMonthForm]) {
      await storage.put(key, Readable.from([pdf]), { contentType: 'application/pdf' });
    }
    const unconfirmed = await uploadPictureUnconfirmed(t, trainee, PNG_BYTES);
    const rowDeleted = await uploadForm();
    await t.db.delete(recordFiles).where(eq(recordFiles.id, rowDeleted.id));
    // Not ours: an operator's file beside the app's folders.
    await storage.put('backups/keep.bin', Readable.from([pdf]), { contentType: 'text/plain' });

    const named = [form.key, deletedForm.key, picture, template];
    const orphans = [killedForm, killedPicture, killedMonthForm, unconfirmed, rowDeleted.key];
    const all = [...named, ...orphans, 'backups/keep.bin'].sort();
    expect(await w.store.listKeys()).toEqual(all);

    // Young: nothing goes.
    expect(await sweep()).toBe(0);
    expect(await w.store.listKeys()).toEqual(all);
    // Two hours on, the unconfirmed upload is past its grace (its link lasted 15 minutes).
    t.clock.advanceMinutes(120);
    expect(await sweep()).toBe(1);
    expect(await w.store.listKeys()).toEqual(all.filter((key) => key !== unconfirmed));
    // A day on, every orphan is gone; every named object, and the operator's, stays.
    t.clock.advanceMinutes(24 * 60);
    expect(await sweep()).toBe(4);
    expect(await w.store.listKeys()).toEqual([...named, 'backups/keep.bin'].sort());

    // What stays still serves.
    const download = await t.request({
      method: 'GET',
      url: `/api/v1/record-files/${form.id}/download/`,
      token: trainee.token,
    });
    const served = await t.request({ method: 'GET', url: String(download.headers.location) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('sweeps once an hour, whichever instance gets there first', async () => {
    const orphan = `records/${trainee.id}/${randomUUID()}.pdf`;
    await storage.put(orphan, Readable.from([pdf]), { contentType: 'application/pdf' });
    const later = new Date(Date.now() + 30 * 3600_000);
    const counts = await Promise.all([sweep(later), sweep(later)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await w.store.listKeys()).not.toContain(orphan);
    // The next hour's run is a new one.
    const another = `records/${trainee.id}/${randomUUID()}.pdf`;
    await storage.put(another, Readable.from([pdf]), { contentType: 'application/pdf' });
    expect(await sweep(new Date(later.getTime() + 3600_000))).toBe(1);
    expect(await w.store.listKeys()).not.toContain(another);
  });
});
