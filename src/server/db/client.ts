import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

/** The database every repository takes: PGlite and PostgreSQL answer the same drizzle API. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** Runs `work` while holding a lock that other instances wait on (PostgreSQL only). */
  withStartupLock: (work: () => Promise<void>) => Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant shared by all instances; serialises migrations when several start together. */
const MIGRATION_LOCK_ID = 727_001;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An already-open PGlite (tests load one from a migrated template). */
  pglite?: PGlite;
  migrate?: boolean;
};

/** Opens PostgreSQL when a URL is given, otherwise PGlite under `dataDir/pglite`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.pglite, options.dataDir ?? './data');
  if (options.migrate !== false) await runMigrations(database);
  return database;
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => pingWith(db),
    close: () => pool.end(),
    withStartupLock: async (work) => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await work();
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => undefined);
        lockClient.release();
      }
    },
  };
}

/** An already-open PGlite is used as it is; a folder is first locked to this process. */
async function openPglite(existing: PGlite | undefined, dataDir: string): Promise<Database> {
  let client = existing;
  let lock: DataDirLock | undefined;
  if (!client) {
    const dir = `${dataDir.replace(/\/$/, '')}/pglite`;
    mkdirSync(dir, { recursive: true });
    lock = lockDataDir(dataDir);
    try {
      client = await PGlite.create({ dataDir: dir });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const owned = client;
  const db = drizzlePglite(owned, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => pingWith(db),
    close: async () => {
      if (!owned.closed) await owned.close();
      lock?.release();
    },
    // PGlite is one process's own database (the DATA_DIR lock sees to it).
    withStartupLock: (work) => work(),
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Applies the generated SQL migrations, inside an advisory lock on PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  await database.withStartupLock(async () => {
    if (database.kind === 'pglite') await migratePglite(database.db as never, config);
    else await migratePg(database.db as never, config);
  });
}
