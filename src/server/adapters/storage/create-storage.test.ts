import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { createStorage } from './create-storage';

const now = () => new Date('2026-03-20T12:00:00Z');

describe('createStorage', () => {
  it('uses the folder under DATA_DIR by default, serving its own links', async () => {
    const storage = await createStorage(loadConfig({ STORAGE_SIGNING_KEY: 'k'.repeat(32) }), now);
    expect(storage.kind).toBe('folder');
    expect(storage.browserOrigins).toEqual([]);
    const { url } = await storage.signedPutUrl('media/test/1/2.png', { maxBytes: 10 });
    expect(url).toMatch(/^\/api\/v1\/storage\/object\/\?token=[\w-]+\.[\w-]+$/);
  });

  it('uses a bucket for s3://, reading the endpoint and keys from the URL', async () => {
    const storage = await createStorage(
      loadConfig({
        STORAGE_URL: 's3://AK:SECRET@forms/prod?endpoint=http://127.0.0.1:9000&region=eu-west-1',
      }),
      now,
    );
    expect(storage.kind).toBe('s3');
    expect(storage.browserOrigins).toEqual(['http://127.0.0.1:9000']);
    const url = new URL(
      await storage.signedGetUrl('records/1/a.pdf', {
        filename: 'a.pdf',
        contentType: 'application/pdf',
      }),
    );
    expect(url.pathname).toBe('/forms/prod/records/1/a.pdf');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AK\/20260320\/eu-west-1\/s3\//);
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
  });

  it('lets S3_* variables win over the URL', async () => {
    const storage = await createStorage(
      loadConfig({ STORAGE_URL: 's3://forms?endpoint=http://a:1', S3_ENDPOINT: 'http://b:2' }),
      now,
    );
    expect(storage.browserOrigins).toEqual(['http://b:2']);
  });

  it.each([
    [{ STORAGE_URL: 'ftp://files' }, 'STORAGE_URL: must be file:, file:///path or s3://bucket'],
    [{ STORAGE_SIGNING_KEY: 'short' }, 'STORAGE_SIGNING_KEY: must be at least 32 characters'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must start with http:// or https://'],
  ])('stops the start on a bad setting, naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
