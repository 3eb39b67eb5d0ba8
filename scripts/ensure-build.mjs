// Builds the client when it is missing or older than its sources (`--force` always builds).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const output = path.resolve('dist/client/index.html');
const sources = [
  'src/client',
  'src/shared',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'package-lock.json',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    0,
  );
}

const force = process.argv.includes('--force');
const isStale =
  !existsSync(output) || sources.some((s) => newestMtime(s) > statSync(output).mtimeMs);
if (force || isStale) {
  console.log('Building the web client…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
