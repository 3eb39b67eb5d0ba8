import { execFile } from 'node:child_process';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../env';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { startPgliteMaintenance } from './pglite-maintenance';
import { onePassClient } from './pglite-query';
import * as schema from './schema';

/** The database every repository takes: PGlite and PostgreSQL answer the same drizzle API. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * True when the database answers a trivial query. The callers of one turn of the event loop
   * share one ping: a flood of health checks costs the database one query a turn.
   */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** Runs `work` while holding a lock that other instances wait on (PostgreSQL only). */
  withStartupLock: (work: () => Promise<void>) => Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * A new PGlite database folder, migrated, that the build makes beside the built server
 * (scripts/build-server.mjs): a first start copies it instead of creating a database. Running
 * from the sources there is none, and a first start creates the database.
 */
const PGLITE_TEMPLATE_NAME = 'pglite-template';
const BUILT_PGLITE_TEMPLATE = fileURLToPath(new URL(PGLITE_TEMPLATE_NAME, import.meta.url));
/** Any constant shared by all instances; serialises migrations when several start together. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * PGlite's engine settings. PostgreSQL's default 128 MB of shared buffers is allocated and
 * touched inside the process at start, whatever the data; 16 MB holds the hot pages of a
 * practice's data (the files stay in the OS page cache beside it). A kept statement
 * (pglite-query.ts) runs its generic plan, as the PostgreSQL pool's do (openPostgres): left to
 * choose, the engine planned get-accrued and the supervisor's lists afresh at every request,
 * which in wasm costs more than running them (decision 016). Tests use the same
 * settings.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'plan_cache_mode=force_generic_plan',
];

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An already-open PGlite (tests load one from a migrated template). */
  pglite?: PGlite;
  migrate?: boolean;
  /** PostgreSQL's pool limits (DB_* settings); ignored by PGlite. */
  pool?: PoolLimits;
  /** The folder a new PGlite database is copied from (default: the build's, when there is one). */
  pgliteTemplate?: string | undefined;
};

/** How many connections, and how long a request may wait for one and for a statement. */
export type PoolLimits = { max: number; connectTimeoutMs: number; statementTimeoutMs: number };

const DEFAULT_POOL_LIMITS: PoolLimits = {
  max: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
};

/** The database the settings name (DATABASE_URL, or PGlite under DATA_DIR), opened and migrated. */
export function openConfiguredDatabase(
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'DATA_DIR'
    | 'DB_POOL_MAX'
    | 'DB_CONNECT_TIMEOUT_MS'
    | 'DB_STATEMENT_TIMEOUT_MS'
  >,
): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pool: {
      max: config.DB_POOL_MAX,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    },
  });
}

/** Opens PostgreSQL when a URL is given, otherwise PGlite under `dataDir/pglite`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrate = options.migrate !== false;
  if (!options.databaseUrl) {
    const template = options.pgliteTemplate ?? BUILT_PGLITE_TEMPLATE;
    return openPglite(options.pglite, options.dataDir ?? './data', migrate, template);
  }
  const database = openPostgres(options.databaseUrl, options.pool ?? DEFAULT_POOL_LIMITS);
  if (migrate) await runMigrations(database);
  return database;
}

function openPostgres(url: string, limits: PoolLimits): Database {
  // No request waits forever: not for a connection, not for a statement (the server cancels it),
  // not for an answer that never comes (a server gone silent; the client gives up a bit later).
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.max,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    query_timeout: limits.statementTimeoutMs + 5_000,
    options: `-c plan_cache_mode=force_generic_plan -c statement_timeout=${limits.statementTimeoutMs}`,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: sharedPerTurn(() => pingWith(() => pool.query('select 1'))),
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

/**
 * An already-open PGlite is used as it is. A folder is first locked to this process, and kept
 * analyzed and vacuumed while it is open (pglite-maintenance.ts).
 */
async function openPglite(
  existing: PGlite | undefined,
  dataDir: string,
  migrate: boolean,
  template: string,
): Promise<Database> {
  let client = existing;
  let lock: DataDirLock | undefined;
  if (!client) {
    const dir = `${dataDir.replace(/\/$/, '')}/pglite`;
    mkdirSync(dir, { recursive: true });
    lock = lockDataDir(dataDir);
    try {
      if (!existsSync(join(dir, 'PG_VERSION'))) {
        if (!copyPgliteTemplate(template, dir)) await createPgliteDataDir(dir);
      }
      client = await PGlite.create({ dataDir: dir, startParams: PGLITE_START_PARAMS });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const owned = client;
  // Drizzle uses only the client's `query` and `transaction`, which onePassClient answers.
  const queries = onePassClient(owned) as unknown as PGlite;
  const db = drizzlePglite(queries, { schema, casing: 'snake_case' }) as unknown as Db;
  let stopMaintenance: (() => Promise<void>) | undefined;
  const database: Database = {
    db,
    kind: 'pglite',
    ping: sharedPerTurn(() => pingWith(() => owned.exec('select 1'))),
    close: async () => {
      await stopMaintenance?.();
      if (!owned.closed) await owned.close();
      lock?.release();
    },
    // PGlite is one process's own database (the DATA_DIR lock sees to it).
    withStartupLock: (work) => work(),
  };
  if (migrate) await runMigrations(database);
  if (lock) stopMaintenance = startPgliteMaintenance(owned);
  return database;
}

const execFileAsync = promisify(execFile);

/**
 * Copies the migrated database folder `template` into the empty folder `dir` (a copy, then a
 * rename: a start stopped halfway leaves no half database); false when there is no template or
 * `dir` holds anything. A copy instead of initdb and every migration (decision 014).
 */
function copyPgliteTemplate(template: string, dir: string): boolean {
  if (!existsSync(join(template, 'PG_VERSION')) || readdirSync(dir).length > 0) return false;
  const staging = `${dir}.copying-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(template, staging, { recursive: true, mode: constants.COPYFILE_FICLONE });
    rmdirSync(dir);
    renameSync(staging, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

/**
 * Creates a new PGlite database folder in a short-lived process. Creating one runs initdb in a
 * second engine and copies its files, memory a process keeps long after it is freed (decision
 * 014). The server then only reopens the folder.
 */
async function createPgliteDataDir(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const create = `const [pglite, dataDir, params] = process.argv.slice(1);
require(pglite).PGlite.create({ dataDir, startParams: JSON.parse(params) }).then((db) => db.close());`;
  try {
    await execFileAsync(process.execPath, [
      '-e',
      create,
      pglite,
      dir,
      JSON.stringify(PGLITE_START_PARAMS),
    ]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`Could not create the embedded database in ${dir}:\n${stderr}`, {
      cause: error,
    });
  }
}

/** Whether `query` answers (the simple protocol: one round trip, nothing to prepare). */
async function pingWith(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

/**
 * `work`, run once for all the callers that ask in one turn of the event loop: it starts after
 * the last of them asked (each answer is as fresh as its own run would be). The embedded database
 * answers on this thread, so a ping per request would take a request's turn from the others.
 */
function sharedPerTurn<T>(work: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () =>
    (next ??= nextTurn().then(() => {
      next = undefined;
      return work();
    }));
}

/**
 * Applies the generated SQL migrations, inside an advisory lock on PostgreSQL. A database that
 * already has the journal's last migration is left as it is, without reading every migration.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (await hasLastMigration(database.db)) return;
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  await database.withStartupLock(async () => {
    if (database.kind === 'pglite') await migratePglite(database.db as never, config);
    else await migratePg(database.db as never, config);
  });
}

/** The `when` of the journal's last migration (drizzle keeps it as `created_at`). */
let lastMigrationWhen: number | undefined;

/**
 * Whether the database has applied the journal's last migration: drizzle's migrator applies the
 * migrations whose `when` is after the last `created_at` it recorded, so then it would do nothing.
 */
async function hasLastMigration(db: Db): Promise<boolean> {
  lastMigrationWhen ??= Math.max(
    ...(
      JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
  // Both drivers answer a raw query with its rows under `rows`.
  const rowsOf = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rowsOf<{ found: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return false;
  const [last] = await rowsOf<{ last: string | null }>(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const recorded = last?.last;
  return recorded != null && Number(recorded) >= lastMigrationWhen;
}
