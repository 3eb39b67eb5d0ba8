// Builds the client and the server bundle when either is missing or older than its sources
// (`--force` always builds both), so `npm install && npm start` is one command on a fresh checkout.
// Run: `node scripts/ensure-build.mjs [--force]`; `npm start` calls ensureBuild (scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildServer,
  PGLITE_TEMPLATE_NAME,
  SERVER_OUTDIR,
  SERVER_SOURCES,
} from './build-server.mjs';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    0,
  );
}

const isStale = (output, sources) =>
  !existsSync(output) || sources.some((s) => newestMtime(s) > statSync(output).mtimeMs);

const clientSources = [
  'src/client',
  'src/shared',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/prerender.ts',
  'package-lock.json',
];

/** Builds what is missing or stale (everything with `force`); exits the process if a build fails. */
export async function ensureBuild({ force = false } = {}) {
  if (force || isStale(path.resolve('dist/client/index.html'), clientSources)) {
    console.log('Building the web client…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    // The landing and sign-in pages drawn into their HTML (decision 015).
    const prerender = spawnSync('node', ['--import', 'tsx', 'scripts/prerender.ts'], {
      stdio: 'inherit',
    });
    if (prerender.status !== 0) process.exit(prerender.status ?? 1);
  }
  if (
    force ||
    isStale(path.resolve(SERVER_OUTDIR, 'main.js'), SERVER_SOURCES) ||
    // A build from before the template, or one whose template was deleted.
    !existsSync(path.resolve(SERVER_OUTDIR, PGLITE_TEMPLATE_NAME, 'PG_VERSION'))
  ) {
    console.log('Building the server…');
    await buildServer();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuild({ force: process.argv.includes('--force') });
}
