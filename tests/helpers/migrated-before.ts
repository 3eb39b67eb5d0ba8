import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../src/server/db/client';
import { withDatabase } from '../setup/api-global-setup';

/*
 * A database of the kind the API tests run on, migrated up to the migration before `tag`: a
 * test stores rows the previous version wrote, then runs the rest (runMigrations), as a
 * deployed instance does when it starts on the new version.
 */

/** The migrations folder as it was before `tag`: a copy with the journal cut there. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ft-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal: { entries: { idx: number; tag: string }[] } = JSON.parse(
    readFileSync(journalFile, 'utf8'),
  );
  const cut = journal.entries.find((entry) => entry.tag === tag);
  if (!cut) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.filter((entry) => entry.idx < cut.idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** An empty database, not migrated, and how to drop it. */
async function openEmptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = await openDatabase({ pglite: await PGlite.create(), migrate: false });
    return { database, drop: async () => undefined };
  }
  const url = inject('postgresUrl');
  const name = `ft_test_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return {
    database: await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false }),
    drop,
  };
}

/** A database migrated up to the migration before `tag`; `close` closes and drops it. */
export async function migratedBefore(
  tag: string,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const { database, drop } = await openEmptyDatabase();
  const folder = migrationsBefore(tag);
  const config = { migrationsFolder: folder };
  if (database.kind === 'pglite') await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
  return {
    database,
    close: async () => {
      await database.close();
      await drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
