// Builds the client and the server bundle when either is missing or stale (`--force` always builds
// both), so `npm install && npm start` is one command on a fresh checkout, and `npm run test:e2e`
// builds only what changed since the last build.
// Run: `node scripts/ensure-build.mjs [--force]`; `npm start` calls ensureBuild (scripts/start.mjs).
//
// Stale means: the sources' content differs from what the last build here was made of (a SHA-256
// of every source file's path and bytes, written beside the output once a build succeeds, taken
// before it starts so that an edit during the build is seen next time). That holds whatever the
// files' times say (a checkout, a stash, a copy keeping old times, a deleted file). An output
// without that record, or newer than it (`npm run build` writes none), falls back to times: stale
// when any source, or a folder's list of files, is newer than the output.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildServer,
  PGLITE_TEMPLATE_NAME,
  SERVER_OUTDIR,
  SERVER_SOURCES,
} from './build-server.mjs';

/** The newest time among the files and folders under `entry` (a folder's time moves when a file
 * in it is added, removed or renamed). */
function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** SHA-256 over every source file's path and content, in a fixed order. */
export function sourcesHash(sources) {
  const hash = createHash('sha256');
  const add = (entry) => {
    if (!existsSync(entry)) {
      hash.update(`missing:${entry}\0`);
      return;
    }
    if (statSync(entry).isDirectory()) {
      for (const name of readdirSync(entry).sort()) add(path.join(entry, name));
      return;
    }
    hash.update(`file:${entry}\0`);
    hash.update(readFileSync(entry));
    hash.update('\0');
  };
  for (const source of sources) add(source);
  return hash.digest('hex');
}

/** Where a build records what it was made of; outside the served folder. */
const stampOf = (name) => path.resolve('dist', `.${name}-sources.sha256`);

function isStale(output, sources, stamp, hash) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  // A record older than the output is another build's (`npm run build` since): not this one's.
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= built) {
    return readFileSync(stamp, 'utf8').trim() !== hash;
  }
  return sources.some((source) => newestMtime(source) > built);
}

const clientSources = [
  'src/client',
  'src/shared',
  'index.html',
  'vite.config.ts',
  'postcss.config.cjs',
  'scripts/precompress.ts',
  'scripts/prerender.ts',
  'package-lock.json',
];

/**
 * The environment a build runs in: the caller's, with NODE_ENV=production whatever the caller's
 * was. A server started for the tests (NODE_ENV=test) that finds its build stale builds the
 * product, not a development bundle: Vite builds React's development code and leaves
 * `import.meta.env.PROD` false (no service worker) under any other NODE_ENV (measured on
 * 3 December: a rebuild from the e2e server's start broke both offline-log tests).
 */
export function buildEnv(env) {
  return { ...env, NODE_ENV: 'production' };
}

/** Builds what is missing or stale (everything with `force`); exits the process if a build fails. */
export async function ensureBuild({ force = false } = {}) {
  const clientHash = sourcesHash(clientSources);
  const clientStamp = stampOf('client');
  if (
    force ||
    isStale(path.resolve('dist/client/index.html'), clientSources, clientStamp, clientHash)
  ) {
    console.log('Building the web client…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: buildEnv(process.env),
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    // The landing and sign-in pages drawn into their HTML (decision 015).
    const prerender = spawnSync('node', ['--import', 'tsx', 'scripts/prerender.ts'], {
      stdio: 'inherit',
      env: buildEnv(process.env),
    });
    if (prerender.status !== 0) process.exit(prerender.status ?? 1);
    writeFileSync(clientStamp, `${clientHash}\n`);
  }
  const serverHash = sourcesHash(SERVER_SOURCES);
  const serverStamp = stampOf('server');
  if (
    force ||
    isStale(path.resolve(SERVER_OUTDIR, 'main.js'), SERVER_SOURCES, serverStamp, serverHash) ||
    // A build from before the template, or one whose template was deleted.
    !existsSync(path.resolve(SERVER_OUTDIR, PGLITE_TEMPLATE_NAME, 'PG_VERSION'))
  ) {
    console.log('Building the server…');
    await buildServer();
    writeFileSync(serverStamp, `${serverHash}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuild({ force: process.argv.includes('--force') });
}
