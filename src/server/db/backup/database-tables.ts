import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, type Db } from '../client';

/* Read from the catalogue, not schema.ts, so a new table is backed up without a change here. */

const NamesSchema = z.object({ rows: z.array(z.object({ name: z.string() })) });
const ReferencesSchema = z.object({
  rows: z.array(z.object({ child: z.string(), parent: z.string() })),
});

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

export async function listSequences(db: Db): Promise<string[]> {
  return NamesSchema.parse(
    await db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
  ).rows.map((row) => row.name);
}

const JournalSchema = z.object({ entries: z.array(z.object({ tag: z.string() })) });

export function shippedMigrations(): string[] {
  const journal = readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8');
  return JournalSchema.parse(JSON.parse(journal)).entries.map((entry) => entry.tag);
}

const CountSchema = z.object({ rows: z.array(z.object({ level: z.coerce.number() })) });

export async function migrationLevel(db: Db): Promise<number> {
  const result = CountSchema.parse(
    await db.execute(sql`select count(*) as level from drizzle.__drizzle_migrations`),
  );
  return result.rows[0]?.level ?? 0;
}

export const identifier = (name: string) => sql.identifier(name);
