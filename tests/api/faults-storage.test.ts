import { createServer, type Socket } from 'node:net';
import { sep } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_DOWN, STORAGE_FULL } from '../../src/server/adapters/storage/create-storage';
import { RETRY_AFTER_SECONDS } from '../../src/server/plugins/error-handler';
import { pdfBytes } from '../helpers/file-fixtures';
import { startS3rver } from '../helpers/storage-harness';
import type * as FilesSupport from './files-support';

/**
 * The disk fills up under the folder storage: a fault injected at the file-system boundary.
 * While `disk.isFull`, a file the storage opens for a new write takes its first kilobyte and
 * then fails with ENOSPC, as a write past the last free block does.
 */
const disk = vi.hoisted(() => ({ isFull: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    if (!disk.isFull || !String(args[0]).includes(`${sep}.tmp${sep}`)) return handle;
    handle.createWriteStream = () =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
            errno: -28,
            syscall: 'write',
          });
          // Some bytes land on the disk, the rest does not fit.
          handle.write(chunk.subarray(0, 1024)).then(() => done(enospc), done);
        },
      }) as ReturnType<typeof handle.createWriteStream>;
    return handle;
  };
  return { ...real, open, default: { ...real, open } };
});

// The API files share their workers' module registry (vitest.config.ts, isolate: false): the app's
// modules may already be loaded, with the real node:fs/promises, by a file that ran before. This
// file loads them afresh, after the mock above is in place.
let filesWorld: typeof FilesSupport.filesWorld;
let monthlyFields: typeof FilesSupport.monthlyFields;
let recordFileCount: typeof FilesSupport.recordFileCount;
let uploadRecord: typeof FilesSupport.uploadRecord;
let pdf: Buffer;
beforeAll(async () => {
  vi.resetModules();
  ({ filesWorld, monthlyFields, recordFileCount, uploadRecord } = await import('./files-support'));
  pdf = await pdfBytes();
});

describe('the disk is full during an upload (folder storage)', () => {
  let w: Awaited<ReturnType<typeof filesWorld>>;
  beforeAll(async () => {
    w = await filesWorld();
  });
  afterAll(() => w.close());

  it('answers 507, keeps no record and no partial file, and stores again once there is room', async () => {
    disk.isFull = true;
    const refused = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'March.pdf', bytes: pdf },
    ]);
    disk.isFull = false;
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ detail: STORAGE_FULL, code: 'STORAGE_FULL' });
    expect(await recordFileCount(w.t)).toBe(0);
    // Not a byte left behind: no object, no temporary file.
    expect(await w.store.listKeys()).toEqual([]);

    const stored = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'March.pdf', bytes: pdf },
    ]);
    expect(stored.statusCode).toBe(201);
    expect(await recordFileCount(w.t)).toBe(1);
    expect(await w.store.listKeys()).toHaveLength(1);
  });
});

describe('the object store goes down during uploads (S3)', () => {
  let w: Awaited<ReturnType<typeof filesWorld>>;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
    w = await filesWorld(s3);
  });
  afterAll(() => w.close());

  it('answers 503 with Retry-After, keeps no record and no object, and stores again once it is back', async () => {
    const first = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'March.pdf', bytes: pdf },
    ]);
    expect(first.statusCode).toBe(201);
    const keysBefore = await s3.listKeys();
    expect(keysBefore).toHaveLength(1);

    await s3.stop();
    const refused = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'April.pdf', bytes: pdf },
    ]);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: STORAGE_DOWN, code: 'UNAVAILABLE' });
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(await recordFileCount(w.t)).toBe(1);

    await s3.start();
    expect(await s3.listKeys()).toEqual(keysBefore);
    const stored = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'April.pdf', bytes: pdf },
    ]);
    expect(stored.statusCode).toBe(201);
    expect(await recordFileCount(w.t)).toBe(2);
    expect(await s3.listKeys()).toHaveLength(2);
  });
});

/**
 * An S3 endpoint that takes connections and never answers (a store hung or overloaded): the
 * request must not wait with it for ever.
 */
async function startSilentStore() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    env: {
      STORAGE_URL: 's3://fieldwork-files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'silent',
      S3_SECRET_ACCESS_KEY: 'silent',
      STORAGE_TIMEOUT_MS: '300',
    },
    listKeys: async () => [],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the object store stops answering (S3)', () => {
  let w: Awaited<ReturnType<typeof filesWorld>>;
  beforeAll(async () => {
    w = await filesWorld(await startSilentStore());
  });
  afterAll(() => w.close());

  it('answers 503 with Retry-After once STORAGE_TIMEOUT_MS has passed, and keeps no record', async () => {
    const refused = await uploadRecord(w.t, w.trainee, monthlyFields(w.supervisorRecordId), [
      { name: 'March.pdf', bytes: pdf },
    ]);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: STORAGE_DOWN, code: 'UNAVAILABLE' });
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(await recordFileCount(w.t)).toBe(0);
  });
});
