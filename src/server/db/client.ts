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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Shared per event-loop turn: a flood of health checks costs one query a turn. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  withStartupLock: (work: () => Promise<void>) => Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Made by scripts/build-server.mjs; a first start copies it instead of creating a database. */
const PGLITE_TEMPLATE_NAME = 'pglite-template';
const BUILT_PGLITE_TEMPLATE = fileURLToPath(new URL(PGLITE_TEMPLATE_NAME, import.meta.url));
const MIGRATION_LOCK_ID = 727_001;

/**
 * The default 128 MB of shared buffers is touched at start; 16 MB holds a practice's hot pages.
 * Generic plans: replanning in wasm cost more than running (decision 016).
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
  pglite?: PGlite;
  migrate?: boolean;
  pool?: PoolLimits;
  pgliteTemplate?: string | undefined;
};

export type PoolLimits = { max: number; connectTimeoutMs: number; statementTimeoutMs: number };

const DEFAULT_POOL_LIMITS: PoolLimits = {
  max: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
};

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
  // No request waits forever: not for a connection, a statement, or a silent server.
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
    withStartupLock: (work) => work(),
  };
  if (migrate) await runMigrations(database);
  if (lock) stopMaintenance = startPgliteMaintenance(owned);
  return database;
}

const execFileAsync = promisify(execFile);

/** Copy then rename, so a start stopped halfway leaves no half database (decision 014). */
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

/** In a short-lived process: initdb's memory stays long after it is freed (decision 014). */
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

async function pingWith(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

/** PGlite answers on this thread, so a ping per request would starve the others. */
function sharedPerTurn<T>(work: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () =>
    (next ??= nextTurn().then(() => {
      next = undefined;
      return work();
    }));
}

/** A database with the journal's last migration is left as it is, without reading them all. */
export async function runMigrations(database: Database): Promise<void> {
  if (await hasLastMigration(database.db)) return;
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  await database.withStartupLock(async () => {
    if (database.kind === 'pglite') await migratePglite(database.db as never, config);
    else await migratePg(database.db as never, config);
  });
}

let lastMigrationWhen: number | undefined;

/** drizzle applies migrations whose `when` is after the last `created_at` it recorded. */
async function hasLastMigration(db: Db): Promise<boolean> {
  lastMigrationWhen ??= Math.max(
    ...(
      JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
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
