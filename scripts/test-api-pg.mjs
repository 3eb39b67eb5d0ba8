// Runs the API suite against PostgreSQL when DATABASE_URL is set (CI sets it); otherwise says so.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('test:api:pg: DATABASE_URL is not set, so the API suite ran on PGlite only.');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'postgres' },
});
process.exit(result.status ?? 1);
