import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoragePort } from '../../src/server/adapters/storage/storage.port';
import type { Db } from '../../src/server/db/client';
import {
  listSequences,
  listTablesInDependencyOrder,
} from '../../src/server/db/backup/database-tables';

const TableSchema = z.object({
  rows: z.array(z.object({ rows: z.coerce.number(), md5: z.string() })),
});
const SequenceSchema = z.object({
  rows: z.array(z.object({ last_value: z.coerce.string(), is_called: z.boolean() })),
});

/**
 * Every table's row count and a hash of its rows (each row as JSON, sorted, timestamps in UTC),
 * and every sequence's state: equal for two databases holding the same records, whatever their
 * kind (PGlite or PostgreSQL) and the rows' physical order.
 */
export async function databaseContents(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const contents: Record<string, string> = {};
    for (const table of await listTablesInDependencyOrder(tx)) {
      const { rows } = TableSchema.parse(
        await tx.execute(sql`select count(*) as rows,
          md5(coalesce(string_agg(r, E'\n' order by r), '')) as md5
          from (select to_jsonb(t)::text as r from ${sql.identifier(table)} t) s`),
      );
      contents[table] = `${rows[0]?.rows}:${rows[0]?.md5}`;
    }
    for (const sequence of await listSequences(tx)) {
      const { rows } = SequenceSchema.parse(
        await tx.execute(sql`select last_value, is_called from ${sql.identifier(sequence)}`),
      );
      contents[`sequence ${sequence}`] = `${rows[0]?.last_value}:${rows[0]?.is_called}`;
    }
    return contents;
  });
}

/** Every stored object's key and SHA-256. */
export async function storedFiles(storage: StoragePort): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const object of storage.list('')) {
    const body = await storage.get(object.key);
    if (!body) continue;
    const hash = createHash('sha256');
    for await (const chunk of body) hash.update(chunk as Buffer);
    files[object.key] = hash.digest('hex');
  }
  return files;
}
