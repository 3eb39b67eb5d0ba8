import { randomBytes, randomUUID } from 'node:crypto';
import {
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLinkSigner, signingSecretOf } from './signed-token';
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  type StoragePort,
} from './storage.port';

export type FolderStorageOptions = {
  root: string;
  /** The HMAC key; when absent one is generated once and kept in `<root>/.signing-key`. */
  signingKey?: string | undefined;
  now: () => Date;
};

const SIGNING_KEY_FILE = '.signing-key';
// Writes land here first and are renamed into place: a reader never sees half a file.
const TEMP_DIR = '.tmp';

export function createFolderStorage(options: FolderStorageOptions): StoragePort {
  const root = resolve(options.root);
  const configured = options.signingKey;
  const links = createLinkSigner(
    configured
      ? async () => signingSecretOf(configured, 'STORAGE_SIGNING_KEY')
      : () => loadSigningKey(root),
    options.now,
  );

  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`key outside the folder: ${key}`);
    return path;
  };

  return {
    kind: 'folder',
    uploadOrigins: [],

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
      // Opened now: a lazy open could create the file after a failed upload's clean-up.
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

    async *list(prefix) {
      assertStoragePrefix(prefix);
      const top = join(root, prefix);
      for (const entry of await readEntries(top)) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        // Dot-names are the folder's own (its key, its unfinished writes), never objects.
        if (!isStorageKey(key)) continue;
        const modified = await modifiedAt(path);
        if (modified) yield { key, lastModified: modified };
      }
    },

    async removeAbandonedWrites(before) {
      let removed = 0;
      for (const entry of await readEntries(join(root, TEMP_DIR))) {
        const path = join(entry.parentPath, entry.name);
        const modified = entry.isFile() ? await modifiedAt(path) : null;
        if (!modified || modified >= before) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },

    async signedGetUrl(key, download) {
      pathOf(key);
      return links.downloadUrl(key, download);
    },

    async signedPutUrl(key, { maxBytes }) {
      pathOf(key);
      return links.uploadUrl(key, maxBytes);
    },

    readToken: (token) => links.read(token),
  };
}

async function readEntries(dir: string) {
  try {
    return await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** Null when another request deleted it meanwhile. */
async function modifiedAt(path: string): Promise<Date | null> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Hard-linked into place, which fails if it exists: racing instances read the same key. */
async function loadSigningKey(root: string): Promise<Buffer> {
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
  return signingSecretOf(await readFile(file, 'utf8'), file);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
