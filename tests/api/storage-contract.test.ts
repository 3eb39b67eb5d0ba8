import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../src/server/adapters/storage/create-storage';
import type { StoragePort } from '../../src/server/adapters/storage/storage.port';
import { loadConfig } from '../../src/server/env';
import { makeStorageFolder, startS3rver } from '../helpers/storage-harness';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * One contract, two adapters: the folder and S3 (s3rver on loopback), each behind the app
 * listening on loopback, which serves every download. Signed URLs are fetched over real HTTP.
 */
type Harness = {
  /** A second instance on the same storage: it must agree with the app on the signing key. */
  storage: StoragePort;
  /** Where a signed URL points (the app's are relative to it). */
  absolute: (url: string) => string;
  listKeys: () => Promise<string[]>;
  clock: TestApp['clock'];
  close: () => Promise<void>;
};

async function appHarness(store: {
  env: Record<string, string>;
  listKeys: () => Promise<string[]>;
  close: () => Promise<void>;
}): Promise<Harness> {
  const t = await createTestApp(store.env);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    storage: await createStorage(loadConfig(store.env), () => t.clock.now),
    absolute: (url) => new URL(url, address).href,
    listKeys: store.listKeys,
    clock: t.clock,
    close: async () => {
      await t.close();
      await store.close();
    },
  };
}

const folderHarness = async () => appHarness(await makeStorageFolder());
const s3Harness = async () => appHarness(await startS3rver());

const bytes = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * seed + 11) % 256));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stream that sends `sent` bytes and then fails, as a dropped or refused upload does. */
function failingAfter(sent: number): Readable {
  return Readable.from(
    (async function* () {
      yield bytes(sent);
      throw new Error('the upload was cut off');
    })(),
  );
}

/** The same signed URL with the first character of its signature changed. */
function tampered(url: string): string {
  return url.replace(
    /(token=[^.&]*\.)(.)/,
    (_m, head: string, first: string) => `${head}${first === 'A' ? 'B' : 'A'}`,
  );
}

describe.each([
  ['folder', folderHarness],
  ['s3 (s3rver)', s3Harness],
])('storage contract: %s', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(() => h.close());

  it('stores a stream and gives the same bytes back', async () => {
    const content = bytes(3000);
    expect(
      await h.storage.put('contract/a.bin', Readable.from([content]), {
        contentType: 'application/pdf',
      }),
    ).toEqual({ size: 3000 });
    expect(await readAll(await h.storage.get('contract/a.bin'))).toEqual(content);
  });

  it('streams a file larger than one upload part (12 MiB)', async () => {
    const content = bytes(12 * 1024 * 1024, 13);
    const chunks = Array.from({ length: 12 }, (_, i) =>
      content.subarray(i * 1048576, (i + 1) * 1048576),
    );
    expect(
      await h.storage.put('contract/large.bin', Readable.from(chunks), {
        contentType: 'application/pdf',
      }),
    ).toEqual({ size: content.length });
    expect((await readAll(await h.storage.get('contract/large.bin')))?.equals(content)).toBe(true);
    await h.storage.delete('contract/large.bin');
  });

  it('replaces an object stored at the same key', async () => {
    await h.storage.put('contract/b.bin', Readable.from([bytes(10)]), { contentType: 'image/png' });
    await h.storage.put('contract/b.bin', Readable.from([bytes(20, 3)]), {
      contentType: 'image/png',
    });
    expect(await readAll(await h.storage.get('contract/b.bin'))).toEqual(bytes(20, 3));
  });

  it('answers null for a key with no object', async () => {
    expect(await h.storage.get('contract/missing.bin')).toBeNull();
  });

  it('deletes an object, and deleting nothing is not an error', async () => {
    await h.storage.put('contract/c.bin', Readable.from([bytes(5)]), { contentType: 'image/png' });
    await h.storage.delete('contract/c.bin');
    expect(await h.storage.get('contract/c.bin')).toBeNull();
    await expect(h.storage.delete('contract/c.bin')).resolves.toBeUndefined();
  });

  it.each([
    ['a small stream', 1000],
    ['a stream past the first upload part', 6 * 1024 * 1024],
  ])('keeps nothing when %s fails', async (_what, sent) => {
    const before = await h.listKeys();
    await expect(
      h.storage.put('contract/failed.bin', failingAfter(sent), { contentType: 'application/pdf' }),
    ).rejects.toThrow('the upload was cut off');
    expect(await h.storage.get('contract/failed.bin')).toBeNull();
    expect(await h.listKeys()).toEqual(before);
  });

  it('refuses keys that could leave the storage or name its own files', async () => {
    for (const key of ['../escape.bin', 'a/../../b', '.signing-key', 'a//b', '/abs', 'a b']) {
      await expect(
        h.storage.put(key, Readable.from([bytes(1)]), { contentType: 'image/png' }),
      ).rejects.toThrow('not a storage key');
      await expect(
        h.storage.signedGetUrl(key, { filename: 'x', contentType: 'image/png' }),
      ).rejects.toThrow('not a storage key');
    }
  });

  it('downloads through a signed URL as an attachment of the type asked for', async () => {
    const content = bytes(2048);
    await h.storage.put('contract/form.pdf', Readable.from([content]), {
      contentType: 'application/pdf',
    });
    const url = await h.storage.signedGetUrl('contract/form.pdf', {
      filename: 'March "form".pdf',
      contentType: 'application/pdf',
    });
    expect(url).toMatch(/^\/api\/v1\/storage\/object\/\?token=/);
    const answer = await fetch(h.absolute(url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="March _form_.pdf"; filename*=UTF-8''March%20%22form%22.pdf`,
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(content);
  });

  it("serves files with nosniff, a sandboxing CSP and a cache lifetime within the link's", async () => {
    await h.storage.put('contract/page.png', Readable.from([bytes(100)]), {
      contentType: 'image/png',
    });
    // What a browser would sniff as a page is still served as the type signed, as an attachment.
    const url = await h.storage.signedGetUrl('contract/page.png', {
      filename: 'page.png',
      contentType: 'image/png',
    });
    const answer = await fetch(h.absolute(url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="page.png"/);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const maxAge = Number(/max-age=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(10 * 60);
    expect(maxAge).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses an altered download token, and answers 404 for a link to a deleted object', async () => {
    const url = await h.storage.signedGetUrl('contract/a.bin', {
      filename: 'a.bin',
      contentType: 'application/pdf',
    });
    expect((await fetch(h.absolute(tampered(url)))).status).toBe(403);
    await h.storage.put('contract/gone.bin', Readable.from([bytes(5)]), {
      contentType: 'application/pdf',
    });
    const gone = await h.storage.signedGetUrl('contract/gone.bin', {
      filename: 'gone.bin',
      contentType: 'application/pdf',
    });
    await h.storage.delete('contract/gone.bin');
    expect((await fetch(h.absolute(gone))).status).toBe(404);
  });

  it('lists the objects under a prefix with when they were written, and nothing of its own', async () => {
    const started = Date.now();
    for (const key of ['listed/a/1.bin', 'listed/a/2.bin', 'listed/b/3.bin']) {
      await h.storage.put(key, Readable.from([bytes(10)]), { contentType: 'application/pdf' });
    }
    const listed = await collect(h.storage.list('listed/a/'));
    expect(listed.map((object) => object.key).sort()).toEqual(['listed/a/1.bin', 'listed/a/2.bin']);
    for (const { lastModified } of listed) {
      // Seconds apart at most (S3 keeps whole seconds; clocks on one machine).
      expect(Math.abs(lastModified.getTime() - started)).toBeLessThan(60_000);
    }
    const keys = (await collect(h.storage.list('listed/'))).map((object) => object.key).sort();
    expect(keys).toEqual(['listed/a/1.bin', 'listed/a/2.bin', 'listed/b/3.bin']);
    expect(await collect(h.storage.list('nothing-here/'))).toEqual([]);
    // Everything: exactly the objects stored, never the signing key or a temporary file.
    const all = (await collect(h.storage.list(''))).map((object) => object.key).sort();
    expect(all).toEqual((await h.listKeys()).filter((key) => !key.startsWith('.')));
    expect(all).toContain('listed/b/3.bin');
  });

  it('refuses a prefix that is not a folder of keys', async () => {
    for (const prefix of ['../', 'listed', '.tmp/', 'a//']) {
      await expect(collect(h.storage.list(prefix))).rejects.toThrow('not a storage prefix');
    }
  });

  it('leaves finished objects alone when removing abandoned writes', async () => {
    const before = await h.listKeys();
    await h.storage.removeAbandonedWrites(new Date(Date.now() + 60_000));
    expect(await h.listKeys()).toEqual(before);
  });

  it('hands out the same download URL within a few minutes, so browsers can cache', async () => {
    const options = { filename: 'a.bin', contentType: 'application/pdf' };
    expect(await h.storage.signedGetUrl('contract/a.bin', options)).toBe(
      await h.storage.signedGetUrl('contract/a.bin', options),
    );
  });

  it('refuses an expired download URL', async () => {
    const options = { filename: 'a.bin', contentType: 'application/pdf' };
    const now = h.clock.now;
    h.clock.now = new Date(now.getTime() - 20 * 60_000);
    const expired = await h.storage.signedGetUrl('contract/a.bin', options);
    h.clock.now = now;
    expect((await fetch(h.absolute(expired))).status).toBe(403);
  });

  it('accepts an upload to a signed PUT URL, without signing in', async () => {
    const content = bytes(4096, 5);
    const { url, expiresAt } = await h.storage.signedPutUrl('contract/direct.png', {
      maxBytes: 10_000,
    });
    expect(expiresAt.getTime() - h.clock.now.getTime()).toBe(15 * 60_000);
    const answer = await fetch(h.absolute(url), {
      method: 'PUT',
      body: content,
      headers: { 'content-type': 'image/png' },
    });
    expect(answer.status).toBe(200);
    expect(await readAll(await h.storage.get('contract/direct.png'))).toEqual(content);
  });
});

// The folder takes the picture's direct upload itself (S3 takes a presigned PUT, whose signature
// s3rver does not check; AWS does).
describe("storage: the folder's own signed uploads and temporary files", () => {
  let h: Harness;
  let root: string;
  beforeAll(async () => {
    const folder = await makeStorageFolder();
    root = folder.root;
    h = await appHarness(folder);
  });
  afterAll(() => h.close());

  it('refuses an altered upload token, and a download token used to upload', async () => {
    await h.storage.put('own/a.png', Readable.from([bytes(100)]), { contentType: 'image/png' });
    const get = await h.storage.signedGetUrl('own/a.png', {
      filename: 'a.png',
      contentType: 'image/png',
    });
    const put = await fetch(h.absolute(get), { method: 'PUT', body: bytes(10) });
    expect(put.status).toBe(403);
    const { url } = await h.storage.signedPutUrl('own/b.png', { maxBytes: 100 });
    expect(
      (await fetch(h.absolute(tampered(url)), { method: 'PUT', body: bytes(10) })).status,
    ).toBe(403);
    expect(await h.storage.get('own/b.png')).toBeNull();
  });

  it('refuses an upload over its limit while it streams, and keeps nothing', async () => {
    const before = await h.listKeys();
    const { url } = await h.storage.signedPutUrl('own/big.png', { maxBytes: 1000 });
    // Sent in chunks without a length, so only the streaming limit can catch it.
    const body = Readable.toWeb(Readable.from([bytes(600), bytes(600)])) as ReadableStream;
    const answer = await fetch(h.absolute(url), {
      method: 'PUT',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({
      detail: 'File size cannot be more than 20MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await h.storage.get('own/big.png')).toBeNull();
    expect(await h.listKeys()).toEqual(before);
  });

  it('refuses an upload whose declared length is over the limit before reading it', async () => {
    const { url } = await h.storage.signedPutUrl('own/big.png', { maxBytes: 1000 });
    const answer = await fetch(h.absolute(url), { method: 'PUT', body: bytes(1001) });
    expect(answer.status).toBe(413);
    expect(await h.storage.get('own/big.png')).toBeNull();
  });

  it('removes the temporary files of writes interrupted before the time given, and only those', async () => {
    // What a process killed mid-upload leaves: a temporary file never renamed into place.
    await mkdir(join(root, '.tmp'), { recursive: true });
    const old = join(root, '.tmp', 'killed-upload');
    const young = join(root, '.tmp', 'upload-in-progress');
    await writeFile(old, bytes(10));
    await writeFile(young, bytes(10));
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    await utimes(old, twoDaysAgo, twoDaysAgo);
    const before = await h.listKeys();
    expect(await h.storage.removeAbandonedWrites(new Date(Date.now() - 24 * 3600_000))).toBe(1);
    expect(await h.listKeys()).toEqual(before.filter((key) => key !== '.tmp/killed-upload'));
    expect(await h.listKeys()).toContain('.tmp/upload-in-progress');
  });
});
