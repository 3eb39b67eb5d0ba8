// Runs the API suite against PostgreSQL when DATABASE_URL is set (CI sets it); otherwise says so.
// Files marked database-independent (scripts/api-test-files.mjs) ran in the PGlite run already.
// Arguments go to vitest: `node scripts/test-api-pg.mjs tests/api/x.test.ts` runs one file.
import { spawnSync } from 'node:child_process';
import { databaseIndependentFiles } from './api-test-files.mjs';

if (!process.env.DATABASE_URL) {
  console.log('test:api:pg: DATABASE_URL is not set, so the API suite ran on PGlite only.');
  process.exit(0);
}
const excluded = databaseIndependentFiles().flatMap((file) => ['--exclude', file]);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'api', ...excluded, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, TEST_DATABASE: 'postgres' } },
);
process.exit(result.status ?? 1);
