// `npm run test:changed [-- --base REF] [--dry-run]`: the tests a change touches, on PGlite, in
// a minute or two: what changed since the branch left main (REF; committed or not, new files too).
// - unit tests: vitest's own `related` (the tests that import a changed file, directly or not);
// - API tests: every API test imports the whole app, so the import graph would name them all;
//   instead a changed API test file, and each API test that names a changed module: its file
//   name starts with the module's name or its feature's (`billing` for
//   src/server/features/billing/billing.service.ts), or it imports the module itself.
// Not a substitute for `npm test`, which CI runs: a change to shared plumbing (the schema, the
// app, the test helpers) reaches further than either rule sees.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const API_DIR = 'tests/api';
const args = process.argv.slice(2);
const baseIndex = args.indexOf('--base');
const baseRef = baseIndex >= 0 ? args[baseIndex + 1] : 'main';
const dryRun = args.includes('--dry-run');

const git = (...gitArgs) =>
  execFileSync('git', gitArgs, { encoding: 'utf8' }).split('\n').filter(Boolean);

const base = git('merge-base', 'HEAD', baseRef)[0];
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((file) => existsSync(file));

const code = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
const unitRelated = code.filter((file) => !file.startsWith(`${API_DIR}/`));

/** Names a changed module goes by: its file name's stem and its feature's folder. */
function namesOf(file) {
  const stem = path.basename(file).replace(/(\.(test|d))?\.(ts|tsx|mjs|js)$/, '');
  const feature = /^src\/(?:server|shared|client)\/features\/([^/]+)\//.exec(file)?.[1];
  return [stem.split('.')[0], feature].filter(Boolean);
}

const apiFiles = readdirSync(API_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `${API_DIR}/${name}`);
const api = new Set(changed.filter((file) => apiFiles.includes(file)));
for (const file of code) {
  if (file.startsWith(`${API_DIR}/`) && file.endsWith('.test.ts')) continue;
  const names = namesOf(file);
  const modulePath = file.replace(/\.(ts|tsx|mjs|js)$/, '');
  for (const test of apiFiles) {
    const testName = path.basename(test);
    const text = readFileSync(test, 'utf8');
    const imports = [...text.matchAll(/from '([^']+)'/g)].map(([, spec]) =>
      path.join(path.dirname(test), spec),
    );
    if (
      names.some((name) => testName.startsWith(`${name}-`) || testName.startsWith(`${name}.`)) ||
      imports.includes(modulePath)
    )
      api.add(test);
  }
}

console.log(
  `test:changed: ${changed.length} files changed since ${baseRef} (${base.slice(0, 7)}).`,
);
console.log(`  unit tests related to: ${unitRelated.length ? unitRelated.join(' ') : 'none'}`);
console.log(`  API test files: ${api.size ? [...api].join(' ') : 'none'}`);
if (dryRun) process.exit(0);

let failed = false;
if (unitRelated.length > 0) {
  const unit = spawnSync(
    'npx',
    ['vitest', 'related', '--run', '--project', 'unit', '--passWithNoTests', ...unitRelated],
    { stdio: 'inherit' },
  );
  failed ||= unit.status !== 0;
}
if (api.size > 0) {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...api], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE: 'pglite' },
  });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
