/*
 * npm run test:cluster: the product as several instances (tests/cluster/cluster.test.ts). Needs
 * Debian's nginx, openssl and a PostgreSQL server (DATABASE_URL's, or 127.0.0.1:5432), on which
 * it creates and drops a database of its own. Builds the server bundle first, then runs the
 * tests with node's own runner (one file, in order: the tests share the cluster).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const has = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore' }).error === undefined;

if (!has('nginx', ['-v'])) {
  process.stderr.write(
    'test:cluster needs nginx: run `apt-get install -y nginx` (as root), then `npm run test:cluster` again.\n',
  );
  process.exit(1);
}
if (!has('openssl', ['version'])) {
  process.stderr.write(
    'test:cluster needs openssl: run `apt-get install -y openssl`, then `npm run test:cluster` again.\n',
  );
  process.exit(1);
}

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const built = run(process.execPath, ['scripts/build-server.mjs']);
if (built !== 0) process.exit(built);
process.exit(
  run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    'tests/cluster/cluster.test.ts',
  ]),
);
