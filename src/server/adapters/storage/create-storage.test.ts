import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { loadConfig } from '../../env';
import { createStorage, STORAGE_DOWN } from './create-storage';

const now = () => new Date('2026-03-20T12:00:00Z');

describe('createStorage', () => {
  it('uses the folder under DATA_DIR by default, serving its own links', async () => {
    const storage = await createStorage(loadConfig({ STORAGE_SIGNING_KEY: 'k'.repeat(32) }), now);
    expect(storage.kind).toBe('folder');
    expect(storage.uploadOrigins).toEqual([]);
    const { url } = await storage.signedPutUrl('media/test/1/2.png', { maxBytes: 10 });
    expect(url).toMatch(/^\/api\/v1\/storage\/object\/\?token=[\w-]+\.[\w-]+$/);
  });

  it('uses a bucket for s3://, reading the endpoint and keys from the URL', async () => {
    const storage = await createStorage(
      loadConfig({
        STORAGE_URL: 's3://AK:SECRET@forms/prod?endpoint=http://127.0.0.1:9000&region=eu-west-1',
        STORAGE_SIGNING_KEY: 'k'.repeat(32),
      }),
      now,
    );
    expect(storage.kind).toBe('s3');
    expect(storage.uploadOrigins).toEqual(['http://127.0.0.1:9000']);
    const put = new URL((await storage.signedPutUrl('media/test/1/2.png', { maxBytes: 10 })).url);
    expect(put.pathname).toBe('/forms/prod/media/test/1/2.png');
    expect(put.searchParams.get('X-Amz-Credential')).toMatch(/^AK\/20260320\/eu-west-1\/s3\//);
    // Downloads come through the app, which adds nosniff (a presigned GET cannot).
    const get = await storage.signedGetUrl('records/1/a.pdf', {
      filename: 'a.pdf',
      contentType: 'application/pdf',
    });
    expect(get).toMatch(/^\/api\/v1\/storage\/object\/\?token=[\w-]+\.[\w-]+$/);
    const token = new URL(get, 'http://app').searchParams.get('token') ?? '';
    expect(await storage.readToken(token)).toMatchObject({
      op: 'get',
      key: 'records/1/a.pdf',
      type: 'application/pdf',
    });
  });

  it('lets S3_* variables win over the URL', async () => {
    const storage = await createStorage(
      loadConfig({ STORAGE_URL: 's3://forms?endpoint=http://a:1', S3_ENDPOINT: 'http://b:2' }),
      now,
    );
    expect(storage.uploadOrigins).toEqual(['http://b:2']);
  });

  it('answers 503, not 500, when the key it keeps is not a key (a truncated file)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ft-bad-key-'));
    try {
      await writeFile(join(root, '.signing-key'), 'short');
      const storage = await createStorage(
        loadConfig({ STORAGE_URL: pathToFileURL(root).href }),
        now,
      );
      const link = storage.signedGetUrl('records/1/a.pdf', {
        filename: 'a.pdf',
        contentType: 'application/pdf',
      });
      await expect(link).rejects.toBeInstanceOf(AppError);
      await expect(link).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        status: 503,
        message: STORAGE_DOWN,
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it.each([
    [{ STORAGE_URL: 'ftp://files' }, 'STORAGE_URL: must be file:, file:///path or s3://bucket'],
    [{ STORAGE_SIGNING_KEY: 'short' }, 'STORAGE_SIGNING_KEY: must be at least 32 characters'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must start with http:// or https://'],
    [{ STORAGE_TIMEOUT_MS: '5' }, 'STORAGE_TIMEOUT_MS: Too small'],
  ])('stops the start on a bad setting, naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
