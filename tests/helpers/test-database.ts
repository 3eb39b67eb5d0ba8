import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_START_PARAMS, type Database } from '../../src/server/db/client';
import { withDatabase } from '../setup/api-global-setup';

/** A fresh, migrated database for one test file, of the kind TEST_DATABASE names. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const created = await createPostgresTestDatabase();
    const database = await openDatabase({ databaseUrl: created.url, migrate: false });
    return {
      ...database,
      close: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  return openDatabase({ pglite: await loadPgliteTemplate(), migrate: false });
}

/** A PGlite engine started from the run's migrated template, in memory or in `dataDir`. */
async function loadPgliteTemplate(dataDir?: string): Promise<PGlite> {
  const dump = readFileSync(inject('pgliteTemplate'));
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    loadDataDir: new Blob([dump]),
    startParams: PGLITE_START_PARAMS,
  });
}

/**
 * A migrated embedded database written under `dataDir` (its `pglite` folder, where a server
 * process with that DATA_DIR opens it), open for the test to fill; close it before starting one.
 */
export async function openPgliteTestDataDir(dataDir: string): Promise<Database> {
  return openDatabase({
    pglite: await loadPgliteTemplate(join(dataDir, 'pglite')),
    migrate: false,
  });
}

/**
 * A DATA_DIR whose embedded database is the run's migrated template, as the built server's first
 * start makes it (src/server/db/client.ts): a process started on it skips initdb and every
 * migration, which cost seconds of a busy machine each. A first start without a template is
 * tested once, in pglite-template.test.ts.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  await (await openPgliteTestDataDir(dataDir)).close();
}

/**
 * A fresh, migrated PostgreSQL database on the test server (TEST_DATABASE=postgres), for a test
 * that hands its URL to a server process; `drop` removes it.
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const url = inject('postgresUrl');
  const name = `ft_test_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
