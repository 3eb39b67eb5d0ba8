import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  // Module augmentation merges declarations, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    postgresUrl: string;
  }
}

/**
 * Migrates one database once for the whole run. Each test file then starts from a copy:
 * PGlite loads the dumped data dir; PostgreSQL creates a database from the template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  // Both runs: the PostgreSQL run's tests also start processes on embedded databases.
  const removePgliteTemplate = await providePgliteTemplate(project);
  if (process.env.TEST_DATABASE === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
    const template = `ft_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ databaseUrl: templateUrl });
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('postgresUrl', url);
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'ft_test_${process.pid}_%' or datname = $1`,
        [template],
      );
      for (const row of rows.rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
      removePgliteTemplate();
    };
  }
  return removePgliteTemplate;
}

/** The migrated PGlite, dumped to a file each test file loads (see tests/helpers/test-database). */
async function providePgliteTemplate(project: TestProject): Promise<() => void> {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
