// The migrated PGlite folder the build ships (scripts/pglite-template.mjs) and a first start
// copies: the database it gives is the one a first start without it creates (initdb in a child
// process, then every migration).
// @database-independent: PGlite folders of its own, never the run's database.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../src/server/db/client';

let root: string;
let template: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'ft-pglite-template-'));
  template = path.join(root, 'template');
  await promisify(execFile)(process.execPath, [
    'scripts/pglite-template.mjs',
    template,
    MIGRATIONS_FOLDER,
  ]);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What a database is made of: its settings, schema objects, migration journal and rows. */
async function snapshot(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const counts: Record<string, unknown> = {};
  for (const { table_schema: schema, table_name: name } of tables) {
    const [row] = await rows(
      sql`select count(*)::int as n from ${sql.identifier(String(schema))}.${sql.identifier(String(name))}`,
    );
    counts[`${String(schema)}.${String(name)}`] = row?.n;
  }
  return {
    database: await rows(
      sql`select datname, pg_encoding_to_char(encoding) as encoding, datcollate, datctype from pg_database order by datname`,
    ),
    tables,
    columns: await rows(
      sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2, 3`,
    ),
    constraints: await rows(
      sql`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace) order by 1, 2`,
    ),
    indexes: await rows(
      sql`select schemaname, indexname, indexdef from pg_indexes where schemaname in ('public', 'drizzle') order by 1, 2`,
    ),
    functions: await rows(
      sql`select proname, pg_get_functiondef(oid) as def from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
    ),
    triggers: await rows(
      sql`select tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1`,
    ),
    journal: await rows(
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`,
    ),
    counts,
  };
}

/** Opens a new embedded database in `dataDir` with `pgliteTemplate`, snapshots it, closes it. */
async function firstStart(dataDir: string, pgliteTemplate: string) {
  const database = await openDatabase({ dataDir, pgliteTemplate });
  try {
    return await snapshot(database);
  } finally {
    await database.close();
  }
}

describe('the shipped PGlite template', () => {
  it('gives a first start the same database as creating and migrating one', async () => {
    const copied = await firstStart(path.join(root, 'copied'), template);
    const created = await firstStart(path.join(root, 'created'), path.join(root, 'no-template'));
    expect(copied.journal.length).toBeGreaterThan(0);
    expect(copied.indexes.length).toBeGreaterThan(10);
    expect(copied.counts['public.users']).toBe(0);
    expect(copied).toEqual(created);
    // Copied whole, then renamed: no staging folder is left beside the database.
    expect(
      readdirSync(path.join(root, 'copied')).filter((name) => name.includes('pglite')),
    ).toEqual(['pglite']);
  }, 120_000);

  it('is not copied over a database folder that holds anything', async () => {
    const dataDir = path.join(root, 'occupied');
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'keep.txt'), 'not a database');
    const database = await openDatabase({ dataDir, pgliteTemplate: template });
    await database.close();
    expect(existsSync(path.join(dataDir, 'pglite', 'keep.txt'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
