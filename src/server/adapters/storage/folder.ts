import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readToken, signToken, type TokenClaims } from './signed-token';
import {
  assertStorageKey,
  SIGNED_PUT_SECONDS,
  signedGetWindow,
  type StoragePort,
} from './storage.port';

/** Where the app serves the folder's signed URLs (features/files/storage-object.routes.ts). */
export const STORAGE_OBJECT_PATH = '/api/v1/storage/object/';

export type FolderStorage = StoragePort & {
  kind: 'folder';
  /** The claims of a signed URL's token, or null when it is forged, altered or expired. */
  readToken(token: string): Promise<TokenClaims | null>;
};

export function isFolderStorage(storage: StoragePort): storage is FolderStorage {
  return storage.kind === 'folder' && 'readToken' in storage;
}

export type FolderStorageOptions = {
  /** The folder (created on first use). */
  root: string;
  /** The HMAC key; when absent one is generated once and kept in `<root>/.signing-key`. */
  signingKey?: string | undefined;
  now: () => Date;
};

const SIGNING_KEY_FILE = '.signing-key';
// Writes land here first and are renamed into place: a reader never sees half a file.
const TEMP_DIR = '.tmp';

/** Files under a folder (DATA_DIR/files by default), served by the app through signed URLs. */
export function createFolderStorage(options: FolderStorageOptions): FolderStorage {
  const root = resolve(options.root);
  let secret: Promise<Buffer> | undefined;
  // Created on first use, so an instance that never stores a file never creates the folder.
  const signingSecret = () => (secret ??= loadSigningKey(root, options.signingKey));

  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`key outside the folder: ${key}`);
    return path;
  };
  const sign = async (claims: TokenClaims) =>
    `${STORAGE_OBJECT_PATH}?token=${signToken(await signingSecret(), claims)}`;

  return {
    kind: 'folder',
    browserOrigins: [],

    async put(key, body) {
      const path = pathOf(key);
      const temp = join(root, TEMP_DIR, randomUUID());
      await mkdir(dirname(temp), { recursive: true });
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // Opened before the first byte: a stream that opens its file lazily can create it after a
      // failed upload's clean-up has run, leaving a temporary file behind for good.
      const handle = await open(temp, 'wx', 0o600);
      try {
        await pipeline(body, count, handle.createWriteStream());
        await mkdir(dirname(path), { recursive: true });
        await rename(temp, path);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      return { size };
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const handle = await open(path, 'r');
        return handle.createReadStream() as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async signedGetUrl(key, { filename, contentType }) {
      pathOf(key);
      const { expiresAt } = signedGetWindow(options.now());
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return sign({ op: 'get', key, exp, name: filename, type: contentType });
    },

    async signedPutUrl(key, { maxBytes }) {
      pathOf(key);
      const expiresAt = new Date(options.now().getTime() + SIGNED_PUT_SECONDS * 1000);
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return { url: await sign({ op: 'put', key, exp, max: maxBytes }), expiresAt };
    },

    async readToken(token) {
      return readToken(await signingSecret(), token, options.now());
    },
  };
}

/**
 * The configured key, or the one kept in the folder. A new key is written whole to a temporary
 * file and hard-linked into place, which fails if the file exists: instances starting together
 * on one folder all end up reading the same, complete key.
 */
async function loadSigningKey(root: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = join(root, SIGNING_KEY_FILE);
  const temp = join(root, TEMP_DIR, `key-${randomUUID()}`);
  await mkdir(dirname(temp), { recursive: true });
  try {
    await writeFile(temp, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    await link(temp, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    await rm(temp, { force: true });
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (text.length < 32) throw new Error(`${file} is too short to be a signing key`);
  return Buffer.from(text, 'utf8');
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
