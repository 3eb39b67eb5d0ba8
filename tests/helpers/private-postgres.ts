import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

export type PrivatePostgres = {
  /** A database in the cluster, made for the test. */
  url: string;
  /** Stops the server (fast shutdown: sessions get 57P01) and waits until it is down. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data, and waits until it accepts connections. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl into a temporary folder, on a free
 * port), which a test may stop and start: the shared server on 5432 is never touched.
 * PostgreSQL refuses to run as root, so as root (CI) it runs as the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'ft-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asServerUser = await serverUser(dir);
  const pgctl = (...args: string[]) =>
    asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), ...args]);
  await asServerUser(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () => pgctl('start', '-w', '-t', '60', '-o', options).then(() => undefined);
  await start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('create database fieldwork');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/fieldwork`,
    stop: () => pgctl('stop', '-w', '-m', 'fast').then(() => undefined),
    start,
    destroy: async () => {
      await pgctl('stop', '-w', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest installed PostgreSQL's bin folder; throws one clear line when there is none. */
function postgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `The fault tests need PostgreSQL's server programs (initdb, pg_ctl) under ${POSTGRES_ROOT}/*/bin: install the postgresql package.`,
    );
  }
  return join(POSTGRES_ROOT, newest, 'bin');
}

/**
 * Runs a program as the user the server may run as: this one, or `postgres` when this is root
 * (the folder is then handed to that user).
 */
async function serverUser(
  dir: string,
): Promise<(file: string, args: string[]) => Promise<unknown>> {
  if (userInfo().uid !== 0) return (file, args) => run(file, args);
  const ids = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error(
      'The fault tests run PostgreSQL as the `postgres` user when run as root, and there is none: create it (the postgresql package does).',
    );
  });
  const uid = Number(ids.stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  chownSync(dir, uid, gid);
  return (file, args) => run('runuser', ['-u', 'postgres', '--', file, ...args]);
}
