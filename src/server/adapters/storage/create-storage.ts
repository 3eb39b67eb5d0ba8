import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
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
  | 'STORAGE_TIMEOUT_MS'
>;

/** S3 settings: the S3_* variable, else the URL, else the AWS SDK's. The SDK loads only for S3. */
export async function createStorage(config: StorageConfig, now: () => Date): Promise<StoragePort> {
  return reportingFaults(await openStorage(config, now));
}

async function openStorage(config: StorageConfig, now: () => Date): Promise<StoragePort> {
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
    timeoutMs: config.STORAGE_TIMEOUT_MS,
    now,
  });
}

export const STORAGE_DOWN = 'File storage is unavailable; try again shortly.';
export const STORAGE_FULL = 'There is no room left to store files; try again later.';

/** A full disk is a 507, any other storage failure a 503; AppErrors pass unchanged. */
export function reportingFaults(storage: StoragePort): StoragePort {
  const guard =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await work(...args);
      } catch (error) {
        throw storageFault(error) ?? error;
      }
    };
  return {
    ...storage,
    put: guard(storage.put.bind(storage)),
    get: guard(storage.get.bind(storage)),
    delete: guard(storage.delete.bind(storage)),
    removeAbandonedWrites: guard(storage.removeAbandonedWrites.bind(storage)),
    signedGetUrl: guard(storage.signedGetUrl.bind(storage)),
    signedPutUrl: guard(storage.signedPutUrl.bind(storage)),
    readToken: guard(storage.readToken.bind(storage)),
  };
}

function storageFault(error: unknown): AppError | undefined {
  if (!(error instanceof Error) || error instanceof AppError) return undefined;
  const code = Reflect.get(error, 'code');
  if (code === 'ENOSPC' || code === 'EDQUOT') return new AppError('STORAGE_FULL', STORAGE_FULL);
  // A system error (it has a code) or an answer from the bucket (the AWS SDK's $metadata).
  if (typeof code === 'string' || '$metadata' in error || error.name === 'TimeoutError') {
    return new AppError('UNAVAILABLE', STORAGE_DOWN);
  }
  return undefined;
}
