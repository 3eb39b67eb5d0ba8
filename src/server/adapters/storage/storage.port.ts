import type { Readable } from 'node:stream';
import type { TokenClaims } from './signed-token';

/**
 * docs/architecture.md "Real parts"; tests/api/storage-contract.test.ts holds both adapters to it.
 * `put` stores all of the stream or nothing. Downloads pass through the app, since a presigned
 * S3 GET cannot send `nosniff` (docs/decisions/011-files.md). Signed URLs need no sign-in, so
 * they are short-lived.
 */
export type StoragePort = {
  kind: 'folder' | 's3';
  /** The CSP must let the page connect to these (the presigned S3 PUT). */
  uploadOrigins: string[];
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** In no particular order; the storage's own files are never listed. */
  list(prefix: string): AsyncIterable<StoredObject>;
  removeAbandonedWrites(before: Date): Promise<number>;
  /** Stable for a few minutes, so a browser can cache an image. */
  signedGetUrl(key: string, options: { filename: string; contentType: string }): Promise<string>;
  /** A presigned S3 PUT does not bound the length: the caller checks the size itself. */
  signedPutUrl(
    key: string,
    options: { maxBytes: number },
  ): Promise<{ url: string; expiresAt: Date }>;
  readToken(token: string): Promise<TokenClaims | null>;
};

export type StoredObject = { key: string; lastModified: Date };

export const SIGNED_GET_MIN_SECONDS = 10 * 60;
/** The same link is handed out within one step. */
export const SIGNED_GET_STEP_SECONDS = 5 * 60;
export const SIGNED_PUT_SECONDS = 15 * 60;

export function signedGetWindow(now: Date): { signedAt: Date; expiresAt: Date } {
  const step = SIGNED_GET_STEP_SECONDS * 1000;
  const signedAt = Math.floor(now.getTime() / step) * step;
  return {
    signedAt: new Date(signedAt),
    expiresAt: new Date(signedAt + step + SIGNED_GET_MIN_SECONDS * 1000),
  };
}

// No '..', no dot-names: the folder keeps its signing key and temporary files under them.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

export function assertStoragePrefix(prefix: string): void {
  if (prefix !== '' && !(prefix.endsWith('/') && isStorageKey(prefix.slice(0, -1)))) {
    throw new Error(`not a storage prefix: ${JSON.stringify(prefix)}`);
  }
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
