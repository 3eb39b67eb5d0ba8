import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ZipPart } from './zip-writer';

export type ZipReader = {
  /** Every file's path, in the zip's order. */
  paths: string[];
  /** The file's bytes as a stream; throws when the zip has no such file. */
  open: (path: string) => Promise<Readable>;
  /** The whole file in memory (for small files: manifests, JSON). */
  read: (path: string) => Promise<Buffer>;
  close: () => void;
};

/** Opens a zip (a file's path, or its bytes) for reading its entries in any order (yauzl). */
export async function openZip(source: string | Buffer): Promise<ZipReader> {
  const options = { lazyEntries: true, autoClose: false };
  const zip =
    typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  const open = async (path: string) => {
    const entry = entries.get(path);
    if (!entry) throw new Error(`The zip has no ${path}`);
    return zip.openReadStreamPromise(entry);
  };
  return {
    paths: [...entries.keys()],
    open,
    read: async (path) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await open(path)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/** Reads the file through and says whether its size and SHA-256 are the ones listed. */
export async function checkPart(zip: ZipReader, part: ZipPart): Promise<boolean> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of await zip.open(part.path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return bytes === part.bytes && hash.digest('hex') === part.sha256;
}
