import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * Built once per handle, planned once per connection. `build` must give the same SQL for the
 * same name; values vary only through `sql.placeholder`.
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
