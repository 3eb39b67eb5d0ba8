import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Config } from '../../env';
import { createFolderStorage } from './folder';
import type { StoragePort } from './storage.port';

export type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'STORAGE_URL'
  | 'STORAGE_SIGNING_KEY'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

/**
 * The storage STORAGE_URL names: unset or `file:` is the folder DATA_DIR/files; `file:///path`
 * another folder; `s3://bucket[/prefix]` a bucket. For S3, each setting is read from the S3_*
 * variable, else from the URL (`s3://key:secret@bucket?endpoint=…&region=…`), else from the AWS
 * SDK's own sources (AWS_REGION, AWS_ACCESS_KEY_ID, profiles, instance roles). The AWS SDK is
 * loaded only for a bucket.
 */
export async function createStorage(config: StorageConfig, now: () => Date): Promise<StoragePort> {
  const url = config.STORAGE_URL;
  if (!url || url.startsWith('file:')) {
    const root = url && url !== 'file:' ? fileURLToPath(url) : join(config.DATA_DIR, 'files');
    return createFolderStorage({ root, signingKey: config.STORAGE_SIGNING_KEY, now });
  }
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const accessKeyId = config.S3_ACCESS_KEY_ID ?? decodeURIComponent(parsed.username);
  const secretAccessKey = config.S3_SECRET_ACCESS_KEY ?? decodeURIComponent(parsed.password);
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  const { createS3Storage } = await import('./s3');
  return createS3Storage({
    bucket: decodeURIComponent(parsed.hostname),
    prefix: path ? `${path}/` : '',
    endpoint: config.S3_ENDPOINT ?? query.get('endpoint') ?? undefined,
    region: config.S3_REGION ?? query.get('region') ?? undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    signingKey: config.STORAGE_SIGNING_KEY,
    now,
  });
}
