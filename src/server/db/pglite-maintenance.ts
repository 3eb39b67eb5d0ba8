import type { PGlite } from '@electric-sql/pglite';

/*
 * PGlite's single-user mode never autovacuums: plans assumed empty tables and dead rows stayed.
 * The server does autovacuum's work itself, by its default thresholds.
 */

export const MAINTENANCE_INTERVAL_MS = 60_000;

type DueTable = { name: string; vacuum: boolean };

/* Size change also counts: PGlite keeps no change counts across a restart. */
const DUE_TABLES = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
   where c.reltuples < 0
      or s.n_mod_since_analyze > 50 + 0.1 * c.reltuples
      or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
         > 1 + 0.1 * c.relpages
      or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
   order by 1`;

export async function maintainPglite(client: PGlite): Promise<string[]> {
  // Change counts reach the statistics at most once a second.
  await client.exec('select pg_stat_force_next_flush()');
  const due = await client.query<DueTable>(DUE_TABLES);
  for (const table of due.rows) {
    // One statement per call: VACUUM cannot run inside a multi-statement string.
    await client.exec(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
  }
  return due.rows.map((table) => table.name);
}

/** The start answers first. */
export const FIRST_ROUND_DELAY_MS = 5_000;

/** Best effort, like autovacuum: a failed round is tried again at the next. */
export function startPgliteMaintenance(client: PGlite): () => Promise<void> {
  let running = Promise.resolve();
  const round = () => {
    running = running
      .then(() => maintainPglite(client))
      .then(
        () => undefined,
        () => undefined,
      );
  };
  let timer = setTimeout(() => {
    round();
    timer = setInterval(round, MAINTENANCE_INTERVAL_MS);
    timer.unref();
  }, FIRST_ROUND_DELAY_MS);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    clearInterval(timer);
    await running;
  };
}
