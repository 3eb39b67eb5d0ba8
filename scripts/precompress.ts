import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text formats worth compressing; images and fonts in the build are compressed already. */
export const COMPRESSIBLE = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml'];

/** Below this, a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;

/** The encodings written beside each file, as @fastify/static's `preCompressed` looks for them. */
export const ENCODINGS = [
  {
    extension: '.br',
    compress: (data: Buffer) =>
      brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: 9 }) },
] as const;

/** Whether a built file gets compressed copies (by its name and size). */
export function isCompressible(file: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && COMPRESSIBLE.includes(path.extname(file).toLowerCase());
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (dot folders such as
 * Vite's `.vite` manifest excepted), keeping a copy only when it is smaller than the file.
 * Returns the copies written, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  // zlib's asynchronous calls run on libuv's thread pool: all files at once use every core.
  const copies = await Promise.all(
    (await listFiles(dir)).map(async (file) => {
      const data = await readFile(file);
      if (!isCompressible(file, data.length)) return [];
      const written = await Promise.all(
        ENCODINGS.map(async (encoding) => {
          const compressed = await encoding.compress(data);
          if (compressed.length >= data.length) return null;
          await writeFile(file + encoding.extension, compressed);
          return path.relative(dir, file + encoding.extension);
        }),
      );
      return written.filter((copy) => copy !== null);
    }),
  );
  return copies.flat().sort();
}

/**
 * Vite plugin: once the client is written, brotli and gzip copies of its text files, so the
 * server sends them as they are (src/server/plugins/client.ts) instead of compressing on every
 * request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fieldwork:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
