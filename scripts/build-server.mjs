// Bundles the server into built JavaScript for `npm start` (`node dist/server/main.js`), so a
// production start loads no TypeScript loader. Run: `node scripts/build-server.mjs [outdir]`.
import { cpSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
export const SERVER_ENTRY = 'src/server/main.ts';
export const SERVER_OUTDIR = 'dist/server';
/** What the bundle is made of: a change to any of them makes it stale (scripts/ensure-build.mjs). */
export const SERVER_SOURCES = [
  'src/server',
  'src/shared',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
];

/**
 * Writes `outdir/main.js`, its lazily loaded chunks and a copy of the migrations beside them
 * (db/client.ts finds them next to itself). Every package stays in node_modules, imported as it
 * is: native modules (argon2, resvg), PGlite's wasm and data files and the DejaVu fonts are
 * found there at run time, never copied into the bundle. The new build replaces the old one
 * whole, so a failed build leaves the last good one in place.
 */
export async function buildServer(outdir = SERVER_OUTDIR) {
  const target = path.resolve(ROOT, outdir);
  const staging = `${target}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const { metafile } = await build({
      absWorkingDir: ROOT,
      entryPoints: { main: SERVER_ENTRY },
      outdir: staging,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      // Code only some requests need (pdf-lib, the S3 SDK, Stripe) stays in chunks that load on
      // first use, as it does under tsx.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      sourcemap: 'linked',
      logLevel: 'warning',
      metafile: true,
    });
    // db/client.ts finds the migrations beside the file it is bundled into: it must be main.js.
    const main = Object.entries(metafile.outputs).find(([file]) => file.endsWith('/main.js'));
    if (!main?.[1].inputs['src/server/db/client.ts']) {
      throw new Error('src/server/db/client.ts must be bundled into main.js, beside migrations/');
    }
    cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(staging, 'migrations'), {
      recursive: true,
    });
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another build of the same sources (two test runs on one checkout) got there first.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv[2]);
}
