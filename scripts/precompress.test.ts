import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCompressible, precompressDir } from './precompress';

describe('isCompressible', () => {
  const cases: { file: string; bytes: number; expected: boolean }[] = [
    { file: 'assets/index-Ab12.js', bytes: 50_000, expected: true },
    { file: 'assets/index-Ab12.css', bytes: 4_000, expected: true },
    { file: 'index.html', bytes: 1_024, expected: true },
    { file: 'favicon.svg', bytes: 2_000, expected: true },
    { file: 'assets/tiny-Ab12.js', bytes: 1_023, expected: false },
    { file: 'assets/photo-Ab12.png', bytes: 90_000, expected: false },
    { file: 'assets/font-Ab12.woff2', bytes: 90_000, expected: false },
    { file: 'assets/index-Ab12.js.br', bytes: 50_000, expected: false },
  ];
  it.each(cases)('$file of $bytes bytes: $expected', ({ file, bytes, expected }) => {
    expect(isCompressible(file, bytes)).toBe(expected);
  });
});

describe('precompressDir', () => {
  let dir: string;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ft-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, 'assets', 'index-Ab12.js'), script);
    await writeFile(path.join(dir, 'assets', 'tiny-Cd34.js'), 'export {};');
    // Random bytes do not compress: a copy would be larger, so none is kept.
    await writeFile(path.join(dir, 'assets', 'noise-Ef56.js'), randomBytes(4_000));
    await writeFile(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({ pad: 'x'.repeat(5_000) }),
    );
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text file worth it, and nothing else', async () => {
    expect(await precompressDir(dir)).toEqual([
      path.join('assets', 'index-Ab12.js.br'),
      path.join('assets', 'index-Ab12.js.gz'),
    ]);
    const original = path.join(dir, 'assets', 'index-Ab12.js');
    expect(brotliDecompressSync(await readFile(`${original}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${original}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });

  it('leaves the copies alone when run again', async () => {
    await precompressDir(dir);
    expect(await precompressDir(dir)).toHaveLength(2);
    expect(existsSync(path.join(dir, 'assets', 'index-Ab12.js.br.br'))).toBe(false);
  });
});
