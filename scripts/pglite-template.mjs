// Makes a new, migrated PGlite database folder: the template a first start of the built server
// copies instead of running initdb and every migration (src/server/db/client.ts).
// Run: `node scripts/pglite-template.mjs <folder> <migrations folder>` (build-server.mjs runs it
// in a process of its own: initdb's memory goes with it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** Creates `dir` (which must not exist) and applies the migrations of `migrationsFolder`. */
export async function makePgliteTemplate(dir, migrationsFolder) {
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  const client = await PGlite.create({ dataDir: dir });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, migrationsFolder] = process.argv.slice(2);
  if (!dir || !migrationsFolder) {
    console.error('Usage: node scripts/pglite-template.mjs <folder> <migrations folder>');
    process.exit(2);
  }
  await makePgliteTemplate(path.resolve(dir), path.resolve(migrationsFolder));
}
