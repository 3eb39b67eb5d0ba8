import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, type Db } from '../client';

/*
 * What a backup reads of the database's own catalogue: the tables (in an order where each comes
 * after those it refers to), the sequences, and how far the migrations went. Read from the
 * catalogue, not from schema.ts, so a table a migration adds is backed up without a change here.
 */

const NamesSchema = z.object({ rows: z.array(z.object({ name: z.string() })) });
const ReferencesSchema = z.object({
  rows: z.array(z.object({ child: z.string(), parent: z.string() })),
});

/** The application tables, each after every table its foreign keys point to. */
export async function listTablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = NamesSchema.parse(
    await db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).rows.map((row) => row.name);
  const references = ReferencesSchema.parse(
    await db.execute(sql`select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`),
  ).rows;
  return dependencyOrder(tables, references);
}

/** Tables sorted so that a parent comes before its children (alphabetical among equals). */
export function dependencyOrder(
  tables: string[],
  references: { child: string; parent: string }[],
): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const parentsOf = (table: string) =>
    references.filter((r) => r.child === table && r.parent !== table).map((r) => r.parent);
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && parentsOf(table).every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) throw new Error('The tables refer to each other in a cycle');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** The sequences of the application tables (the `serial` ids). */
export async function listSequences(db: Db): Promise<string[]> {
  return NamesSchema.parse(
    await db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
  ).rows.map((row) => row.name);
}

const JournalSchema = z.object({ entries: z.array(z.object({ tag: z.string() })) });

/** The migrations this version of the app ships, oldest first. */
export function shippedMigrations(): string[] {
  const journal = readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8');
  return JournalSchema.parse(JSON.parse(journal)).entries.map((entry) => entry.tag);
}

const CountSchema = z.object({ rows: z.array(z.object({ level: z.coerce.number() })) });

/** How many migrations the database has applied (drizzle's own table). */
export async function migrationLevel(db: Db): Promise<number> {
  const result = CountSchema.parse(
    await db.execute(sql`select count(*) as level from drizzle.__drizzle_migrations`),
  );
  return result.rows[0]?.level ?? 0;
}

/** A quoted SQL identifier (a table or sequence name read from the catalogue or a manifest). */
export const identifier = (name: string) => sql.identifier(name);
