import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoragePort } from '../../adapters/storage/storage.port';
import { checkPart, openZip, type ZipReader } from '../../adapters/zip/zip-reader';
import type { Database, Db } from '../client';
import { BACKUP_MANIFEST_PATH, BackupManifestSchema, type BackupManifest } from './backup-manifest';
import * as catalogue from './database-tables';

const ROWS_PER_INSERT = 1000;

/** Filled by migrations 0002 and 0005: rows there do not make a database non-empty. */
const SEEDED_TABLES = new Set([
  'client_observations',
  'experience_types',
  'settings',
  'supervision_contacts',
  'supervision_methods',
  'task_domains',
  'tasks',
  'subscription_plans',
]);

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export type RestoreOutcome = { manifest: BackupManifest; removedFiles: number };

/**
 * Checks everything before writing. Triggers off: month totals come from the backup. Files go up
 * inside the transaction, so a failed upload undoes the rows.
 */
export async function restoreBackup(ctx: {
  database: Database;
  storage: StoragePort;
  file: string;
  force: boolean;
}): Promise<RestoreOutcome> {
  const zip = await openZip(ctx.file).catch((error: unknown) => {
    throw new RestoreRefusedError(`${ctx.file} is not a readable zip file (${String(error)}).`);
  });
  try {
    const manifest = await readManifest(zip, ctx.file);
    const { db } = ctx.database;
    await checkLevel(db, manifest);
    for (const part of [...manifest.tables, ...manifest.files]) {
      if (!(await checkPart(zip, part))) {
        throw new RestoreRefusedError(
          `The backup is damaged: ${part.path} does not match its checksum in the manifest. Nothing was restored.`,
        );
      }
    }
    const tables = await catalogue.listTablesInDependencyOrder(db);
    const missing = tables.filter((t) => !manifest.tables.some((m) => m.name === t));
    const extra = manifest.tables.filter((m) => !tables.includes(m.name)).map((m) => m.name);
    if (missing.length > 0 || extra.length > 0) {
      throw new RestoreRefusedError(
        `The backup's tables differ from this database's (missing: ${missing.join(', ') || 'none'}; unknown: ${extra.join(', ') || 'none'}).`,
      );
    }
    if (!ctx.force) await refuseIfHoldsData(db, tables);
    await db.transaction(async (tx) => {
      for (const table of tables) {
        await tx.execute(sql`alter table ${catalogue.identifier(table)} disable trigger user`);
      }
      await tx.execute(
        sql`truncate table ${sql.join(tables.map(catalogue.identifier), sql`, `)} restart identity cascade`,
      );
      for (const table of manifest.tables) await insertRows(tx, zip, table);
      for (const sequence of manifest.sequences) {
        await tx.execute(
          sql`select setval(quote_ident(${sequence.name})::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
        );
      }
      for (const table of tables) {
        await tx.execute(sql`alter table ${catalogue.identifier(table)} enable trigger user`);
      }
      for (const file of manifest.files) {
        await ctx.storage.put(file.key, await zip.open(file.path), {
          contentType: 'application/octet-stream',
        });
      }
    });
    const kept = new Set(manifest.files.map((file) => file.key));
    let removedFiles = 0;
    for await (const object of ctx.storage.list('')) {
      if (kept.has(object.key)) continue;
      await ctx.storage.delete(object.key);
      removedFiles += 1;
    }
    return { manifest, removedFiles };
  } finally {
    zip.close();
  }
}

async function readManifest(zip: ZipReader, file: string): Promise<BackupManifest> {
  let parsed: ReturnType<typeof BackupManifestSchema.safeParse>;
  try {
    parsed = BackupManifestSchema.safeParse(
      JSON.parse((await zip.read(BACKUP_MANIFEST_PATH)).toString('utf8')),
    );
  } catch {
    parsed = BackupManifestSchema.safeParse(null);
  }
  if (!parsed.success) {
    throw new RestoreRefusedError(
      `${file} is not a Fieldwork Tracker backup (no valid ${BACKUP_MANIFEST_PATH}).`,
    );
  }
  return parsed.data;
}

/** Only the same migration level: its rows fit these tables exactly. */
async function checkLevel(db: Db, manifest: BackupManifest): Promise<void> {
  const shipped = catalogue.shippedMigrations();
  const level = manifest.migrations.level;
  const from = `The backup (app ${manifest.appVersion}, migration ${level} ${manifest.migrations.last})`;
  if (level > shipped.length) {
    throw new RestoreRefusedError(
      `${from} is newer than this app (migration ${shipped.length}): restore it with the version that made it.`,
    );
  }
  const current = await catalogue.migrationLevel(db);
  if (level !== current) {
    throw new RestoreRefusedError(
      `${from} is older than this database (migration ${current}): restore it with the version that made it, then start this version to migrate it.`,
    );
  }
}

const CountSchema = z.object({ rows: z.array(z.object({ count: z.coerce.number() })) });

async function refuseIfHoldsData(db: Db, tables: string[]): Promise<void> {
  const userTables = tables.filter((table) => !SEEDED_TABLES.has(table));
  const query = sql.join(
    userTables.map(
      (table) =>
        sql`select count(*) as count from (select 1 from ${catalogue.identifier(table)} limit 1) t`,
    ),
    sql` union all `,
  );
  const { rows } = CountSchema.parse(await db.execute(query));
  if (rows.some((row) => row.count > 0)) {
    throw new RestoreRefusedError(
      'The database already holds data: restore into an empty one, or add --force to replace everything in it with the backup.',
    );
  }
}

async function insertRows(tx: Db, zip: ZipReader, table: BackupManifest['tables'][number]) {
  const name = catalogue.identifier(table.name);
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await tx.execute(
        sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${`[${batch.join(',')}]`}::jsonb)`,
      );
    } catch (error) {
      // The driver's error repeats every row of the batch.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new Error(
        `The backup's ${table.name} could not be restored (${cause instanceof Error ? cause.message : String(cause)}). Nothing was restored.`,
        { cause: error },
      );
    }
    rows += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: await zip.open(table.path), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= ROWS_PER_INSERT) await flush();
  }
  await flush();
  if (rows !== table.rows) {
    throw new RestoreRefusedError(
      `The backup's ${table.name} has ${rows} rows, its manifest says ${table.rows}.`,
    );
  }
}
