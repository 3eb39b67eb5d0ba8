import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoragePort } from '../../adapters/storage/storage.port';
import { createZipWriter, type ZipPart } from '../../adapters/zip/zip-writer';
import type { Database, Db } from '../client';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_MANIFEST_PATH,
  filePath,
  tablePath,
  type BackupManifest,
} from './backup-manifest';
import * as catalogue from './database-tables';

/** Memory holds one batch. */
const ROWS_PER_FETCH = 2000;

const JsonRowsSchema = z.object({ rows: z.array(z.object({ row: z.string() })) });
const SequenceStateSchema = z.object({
  rows: z.array(z.object({ last_value: z.coerce.string(), is_called: z.boolean() })),
});

/** Rows as JSON in one snapshot, not a dump: PGlite and PostgreSQL restore each other's. */
export async function createBackup(ctx: {
  database: Database;
  storage: StoragePort;
  output: Writable;
  appVersion: string;
  now: Date;
}): Promise<BackupManifest> {
  const zip = createZipWriter(ctx.now);
  const written = pipeline(zip.output, ctx.output);
  try {
    const snapshot = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`set local time zone 'UTC'`);
      const level = await catalogue.migrationLevel(tx);
      const tables: BackupManifest['tables'] = [];
      for (const name of await catalogue.listTablesInDependencyOrder(tx)) {
        const counter = { rows: 0 };
        const part = await zip.addStream(
          tablePath(name),
          Readable.from(tableLines(tx, name, counter)),
        );
        tables.push({ name, rows: counter.rows, ...part });
      }
      const sequences: BackupManifest['sequences'] = [];
      for (const name of await catalogue.listSequences(tx)) {
        const { rows } = SequenceStateSchema.parse(
          await tx.execute(sql`select last_value, is_called from ${catalogue.identifier(name)}`),
        );
        const [state] = rows;
        if (state) sequences.push({ name, lastValue: state.last_value, isCalled: state.is_called });
      }
      return { level, tables, sequences };
    });
    const files: BackupManifest['files'] = [];
    for await (const object of ctx.storage.list('')) {
      const body = await ctx.storage.get(object.key);
      // Removed by the sweep since it was listed.
      if (!body) continue;
      const part: ZipPart = await zip.addStream(filePath(object.key), body);
      files.push({ key: object.key, ...part });
    }
    const shipped = catalogue.shippedMigrations();
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: ctx.now.toISOString(),
      appVersion: ctx.appVersion,
      source: ctx.database.kind,
      migrations: { level: snapshot.level, last: shipped[snapshot.level - 1] ?? '' },
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
    };
    zip.addJson(BACKUP_MANIFEST_PATH, manifest);
    zip.end();
    await written;
    return manifest;
  } catch (error) {
    zip.fail(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    throw error;
  }
}

async function* tableLines(tx: Db, table: string, counter: { rows: number }) {
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${catalogue.identifier(table)} t`,
  );
  for (;;) {
    const { rows } = JsonRowsSchema.parse(
      await tx.execute(sql.raw(`fetch ${ROWS_PER_FETCH} from backup_rows`)),
    );
    if (rows.length === 0) break;
    counter.rows += rows.length;
    yield `${rows.map((r) => r.row).join('\n')}\n`;
  }
  await tx.execute(sql`close backup_rows`);
}
