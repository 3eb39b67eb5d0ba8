import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query built once per database handle and prepared under `name`: drizzle does not build
 * its SQL again, and PostgreSQL parses and plans it once per connection (a named statement).
 * `build` must give the same SQL for the same name, whatever the call; the values vary through
 * `sql.placeholder`. A transaction's handle is new each time, so there it is built as usual.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
