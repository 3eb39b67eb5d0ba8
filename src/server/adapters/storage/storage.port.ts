import type { Readable } from 'node:stream';
import type { TokenClaims } from './signed-token';

/**
 * Where uploaded files live (ARCHITECTURE.md "Real parts"): a folder under DATA_DIR, or
 * S3-compatible object storage. Both keep the same promises, checked by one contract suite
 * (tests/api/storage-contract.test.ts).
 *
 * - Keys are chosen by the server (see `isStorageKey`); nothing here reads a file's name.
 * - `put` stores all of the stream or nothing: if the stream errors (a size limit, a refused
 *   type, a dropped connection), no object is left at the key.
 * - Downloads always pass through the app (`/api/v1/storage/object/`), which answers with
 *   `Content-Disposition: attachment` and `nosniff`: a presigned S3 GET cannot send `nosniff`
 *   (docs/decisions/011-files.md).
 * - Signed URLs need no sign-in: whoever holds one may read (or write) that one object until it
 *   expires, which is why they are short-lived.
 */
export type StoragePort = {
  kind: 'folder' | 's3';
  /**
   * Origins outside the app a browser uploads to directly (the picture's presigned S3 PUT): the
   * CSP must let the page connect to them. Empty for the folder.
   */
  uploadOrigins: string[];
  /** Stores the stream at `key`, replacing what was there; resolves with the bytes stored. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** The object's bytes, or null when there is no object at `key`. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` ('' or a folder ending in '/'), with when it was
   * last written, in no particular order. The storage's own files (its signing key, unfinished
   * writes) are never listed.
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Removes what writes interrupted before `before` left behind (a process killed mid-upload);
   * resolves with how many it removed.
   */
  removeAbandonedWrites(before: Date): Promise<number>;
  /**
   * An app URL that downloads the object as an attachment named `filename` with `contentType`.
   * The URL stays the same for a few minutes (so a browser can cache an image) and works for at
   * least `SIGNED_GET_MIN_SECONDS`.
   */
  signedGetUrl(key: string, options: { filename: string; contentType: string }): Promise<string>;
  /**
   * A URL a browser PUTs the file's bytes to, without signing in, for `SIGNED_PUT_SECONDS`.
   * The folder refuses a body over `maxBytes` while it streams; S3 cannot (a presigned PUT does
   * not bound the length), so the caller checks the object's size before trusting it.
   */
  signedPutUrl(
    key: string,
    options: { maxBytes: number },
  ): Promise<{ url: string; expiresAt: Date }>;
  /** The claims of one of the app's signed URLs, or null when forged, altered or expired. */
  readToken(token: string): Promise<TokenClaims | null>;
};

/** An object in storage, as `list` gives it. */
export type StoredObject = { key: string; lastModified: Date };

/** Download links work at least this long after they are handed out... */
export const SIGNED_GET_MIN_SECONDS = 10 * 60;
/** ...and are renewed in steps of this, so the same link is handed out within one step. */
export const SIGNED_GET_STEP_SECONDS = 5 * 60;
/** Direct-upload links work this long. */
export const SIGNED_PUT_SECONDS = 15 * 60;

/**
 * The window a download link is signed for, from `now`: it starts at the last step boundary and
 * ends `SIGNED_GET_MIN_SECONDS` after the next one, so links are stable within a step.
 */
export function signedGetWindow(now: Date): { signedAt: Date; expiresAt: Date } {
  const step = SIGNED_GET_STEP_SECONDS * 1000;
  const signedAt = Math.floor(now.getTime() / step) * step;
  return {
    signedAt: new Date(signedAt),
    expiresAt: new Date(signedAt + step + SIGNED_GET_MIN_SECONDS * 1000),
  };
}

// Segments of letters, digits, '.', '_' and '-', each starting with a letter or digit: no '..',
// no hidden files (the folder keeps its signing key and temporary files under dot-names).
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

/** True for a key either adapter accepts. */
export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

/** Refuses a prefix `list` cannot take: '' (everything) or keys' leading folders, ending in '/'. */
export function assertStoragePrefix(prefix: string): void {
  if (prefix !== '' && !(prefix.endsWith('/') && isStorageKey(prefix.slice(0, -1)))) {
    throw new Error(`not a storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/** Refuses a key that could escape the folder or name something that is not an object. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
