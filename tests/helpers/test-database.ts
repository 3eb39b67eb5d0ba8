import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_START_PARAMS, type Database } from '../../src/server/db/client';
import { withDatabase } from '../setup/api-global-setup';

/** A fresh, migrated database for one test file, of the kind TEST_DATABASE names. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const url = inject('postgresUrl');
    const name = `ft_test_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({
    loadDataDir: new Blob([dump]),
    startParams: PGLITE_START_PARAMS,
  });
  return openDatabase({ pglite: client, migrate: false });
}
